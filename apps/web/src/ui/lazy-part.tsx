import { lazy, useState, type ComponentType } from 'react';

/**
 * A chunk of the app fetched on demand: calling it starts the import (once; again after a failure)
 * and `module` holds the module once it has arrived, so what is already here can be drawn at once.
 */
export type Chunk<M> = { (): Promise<M>; module?: M };

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let pending: Promise<M> | undefined;
  const get: Chunk<M> = () =>
    (pending ??= load().then(
      (module) => (get.module = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return get;
}

/**
 * A component of a chunk fetched the first time it is drawn (React.lazy, under a Suspense
 * boundary), or drawn at once when the chunk is already here (fetched with the page, or by an
 * earlier screen). React.lazy alone suspends at least once, even for code that has arrived, and a
 * Suspense fallback once shown holds what replaces it back for 300 ms (React throttles revealing
 * content, so loaders do not flicker): that was most of the wait for a screen on a page load.
 * Decided when the component mounts, so it never swaps (and remounts) its content later.
 */
export function lazyPart<M, P extends object>(load: Chunk<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  function LazyPart(props: P) {
    const [Component] = useState<ComponentType<P>>(() => (load.module ? pick(load.module) : Lazy));
    return <Component {...props} />;
  }
  return LazyPart;
}
