/**
 * Each company's share of a pool, and its turn. pg-pool serves waiters first come, first served,
 * so without this a company that sends many slow requests at once (a report, the map at every
 * zoom, a script, a whole office saving the same project) fills the pool, and every other
 * company's requests queue behind all of its own until they time out (503). Here, in front of
 * the pool:
 *
 * - one key (a tenant, or the caller's address before anyone is known) holds at most `limit` of
 *   the pool's connections at once, so the rest stay free for everyone else;
 * - when a connection comes free, the waiting keys take turns (round robin), each key's own
 *   requests first come, first served: another company waits for one connection to come free,
 *   not for the whole of someone else's queue.
 *
 * `withTenant` (client.ts) enters before it checks out a connection and leaves when it gives the
 * connection back; so does the request context's lookup (`inPoolShare`). A transaction's code never
 * asks for a second connection (NestedConnectionError), so a holder of a place never waits for
 * another place: no deadlock here.
 */

/** What pg-pool says when no connection comes in time: availability.ts answers it 503. */
export const SHARE_TIMEOUT_MESSAGE =
  "timeout exceeded when trying to connect: the company's requests already hold its share of the database connections";

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

export type TenantShare = {
  /** Wait (at most `timeoutMs`) for a place of `key`; the function returned gives it back. */
  enter(key: string): Promise<() => void>;
  /** Places held and waiting for a key, for tests and diagnostics. */
  state(key: string): { held: number; waiting: number };
};

/** The places of a pool of `max` connections a tenant may hold: all but a quarter (at least one) stays free for others. */
export const defaultTenantShare = (max: number) => Math.max(1, max - Math.max(1, Math.floor(max / 4)));

/** `limit` places per key, `total` in all (the pool's size). */
export function createTenantShare(limit: number, timeoutMs: number, total = Infinity): TenantShare {
  const held = new Map<string, number>();
  /** The keys waiting, in the order of their turn (a key served goes to the back), each with its own line. */
  const queues = new Map<string, Waiter[]>();
  let inUse = 0;

  const take = (key: string) => {
    held.set(key, (held.get(key) ?? 0) + 1);
    inUse++;
  };

  /** Hands free places to the waiting keys in turn. */
  const dispatch = () => {
    for (const [key, queue] of queues) {
      if (inUse >= total) return;
      if ((held.get(key) ?? 0) >= limit) continue;
      const next = queue.shift()!;
      clearTimeout(next.timer);
      queues.delete(key);
      if (queue.length) queues.set(key, queue); // its next request waits for its next turn
      take(key);
      next.admit();
    }
  };

  const ticket = (key: string) => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (held.get(key) ?? 1) - 1;
      if (n > 0) held.set(key, n);
      else held.delete(key);
      inUse--;
      dispatch();
    };
  };

  return {
    enter(key) {
      if (!queues.has(key) && inUse < total && (held.get(key) ?? 0) < limit) {
        take(key);
        return Promise.resolve(ticket(key));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          admit: () => resolve(ticket(key)),
          timer: setTimeout(() => {
            const queue = queues.get(key);
            const i = queue ? queue.indexOf(waiter) : -1;
            if (i >= 0) queue!.splice(i, 1);
            if (queue && !queue.length) queues.delete(key);
            reject(new Error(SHARE_TIMEOUT_MESSAGE));
          }, timeoutMs),
        };
        const queue = queues.get(key);
        if (queue) queue.push(waiter);
        else queues.set(key, [waiter]);
      });
    },
    state(key) {
      return { held: held.get(key) ?? 0, waiting: queues.get(key)?.length ?? 0 };
    },
  };
}
