import { createContext, startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  NavigationType,
  parsePath,
  Router,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
  type HistoryRouterProps,
  type Location,
  type To,
} from 'react-router';

/**
 * In-app navigation that a screen may hold back (unsaved changes, `ui/unsaved-changes.tsx`),
 * under the declarative router. react-router's `useBlocker` needs the data router
 * (`createBrowserRouter`), whose code is 18 kB gzipped more on every page, the sign-in page
 * included (bench/README.md, issue 11: the app left the data router for that). This is the part
 * of it the app needs: `GuardedBrowserRouter` is `<BrowserRouter>` with a history whose push and
 * replace (links, navigate()) and Back/Forward ask the screen's leave check first.
 */
type History = HistoryRouterProps['history'];

/** A screen's check before the address leaves its path: `dirty()` at that moment, then `confirm`. */
export type LeaveCheck = {
  dirty: () => boolean;
  /** Asks the user; `answer(true)` leaves, `answer(false)` stays (a second answer is ignored). */
  confirm: (answer: (leave: boolean) => void) => void;
};

/** Adds a screen's leave check; the function it returns removes it. */
export type RegisterLeaveCheck = (check: LeaveCheck) => () => void;

/** Null outside a guarded router (a test's MemoryRouter): in-app navigation then never waits. */
export const LeaveCheckContext = createContext<RegisterLeaveCheck | null>(null);

const pathOf = (to: To, from: Location) => (typeof to === 'string' ? parsePath(to) : to).pathname ?? from.pathname;

/**
 * `history` with leave checks. Only a new path asks: a change of the query string or hash
 * (filters, tabs, `?quote=`) keeps the screen and its form. A held Back/Forward is undone at once
 * (the browser has already moved) and done again if the user leaves, as the data router does.
 */
export function guardHistory(history: History) {
  const checks = new Set<LeaveCheck>();
  /** The location the app shows (the history's own may be a Back that is being undone). */
  let shown = history.location;
  /** A navigation the user chose to make in spite of the check. */
  let leaving = false;
  /** The Back/Forward being undone: its own pop event is not the user's. */
  let undoing = false;
  /** The Back/Forward the user chose to make again after it was undone. */
  let redoing = false;
  /** A question is on screen: another navigation meanwhile is held without asking again. */
  let asking = false;

  const holder = () => (leaving ? undefined : [...checks].find((check) => check.dirty()));

  /** Runs `go` unless a dirty screen holds it; then asks, and runs it if the user leaves. */
  function unlessHeld(check: LeaveCheck | undefined, go: () => void) {
    if (!check) return go();
    if (asking) return;
    asking = true;
    let answered = false;
    check.confirm((leave) => {
      if (answered) return;
      answered = true;
      asking = false;
      if (!leave) return;
      leaving = true;
      try {
        go();
      } finally {
        leaving = false;
      }
    });
  }

  const moving = (to: To) => pathOf(to, shown) !== shown.pathname;

  const guarded: History & { register: RegisterLeaveCheck } = {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => unlessHeld(moving(to) ? holder() : undefined, () => history.push(to, state)),
    replace: (to, state) => unlessHeld(moving(to) ? holder() : undefined, () => history.replace(to, state)),
    // navigate(-1) is a Back: held like one, in listen below.
    go: (delta) => history.go(delta),
    listen(listener) {
      return history.listen((update) => {
        if (update.action === NavigationType.Pop) {
          if (undoing) {
            undoing = false;
            return;
          }
          const check = !redoing && update.location.pathname !== shown.pathname ? holder() : undefined;
          redoing = false;
          // A pop without a known distance (an entry from before the app) cannot be undone: it goes.
          if (check && update.delta !== null && update.delta !== 0) {
            const delta = update.delta;
            undoing = true;
            history.go(-delta);
            unlessHeld(check, () => {
              redoing = true;
              history.go(delta);
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
    register(check) {
      checks.add(check);
      return () => {
        checks.delete(check);
      };
    },
  };
  return guarded;
}

type Guarded = ReturnType<typeof guardHistory>;

/** `<BrowserRouter>` / `<MemoryRouter>`'s body over a guarded history, with the checks' context. */
function GuardedRouter({ create, children }: { create: () => History; children: ReactNode }) {
  const [history] = useState<Guarded>(() => guardHistory(create()));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [history],
  );
  return (
    <LeaveCheckContext value={history.register}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </LeaveCheckContext>
  );
}

/** The app's router: `<BrowserRouter>` whose in-app navigation a screen with unsaved changes holds. */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  return <GuardedRouter create={() => UNSAFE_createBrowserHistory({ v5Compat: true })}>{children}</GuardedRouter>;
}

/** The same over a memory history, for tests: `<MemoryRouter initialEntries>`. */
export function GuardedMemoryRouter({ initialEntries, children }: { initialEntries: string[]; children: ReactNode }) {
  return (
    <GuardedRouter create={() => UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true })}>
      {children}
    </GuardedRouter>
  );
}
