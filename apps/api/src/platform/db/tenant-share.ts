/**
 * Each company's share of a pool: at most `limit` of its connections held by one tenant's
 * transactions at once. pg-pool serves waiters first come, first served, so without this a company
 * that sends many slow requests at once (a report, the map at every zoom, a script) fills the
 * pool and every other company's requests queue behind all of its own, until they time out (503).
 * With it, the company's extra transactions wait here, in its own queue, and the connections it
 * may not take stay free for everyone else.
 *
 * `withTenant` (client.ts) enters before it checks out a connection and leaves when it gives the
 * connection back. A transaction's code never asks for a second connection (NestedConnectionError),
 * so a holder of a place never waits for another place of its own company: no deadlock here.
 */

/** What pg-pool says when no connection comes in time: availability.ts answers it 503. */
export const SHARE_TIMEOUT_MESSAGE =
  "timeout exceeded when trying to connect: the company's requests already hold its share of the database connections";

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

export type TenantShare = {
  /** Wait (at most `timeoutMs`) for one of the tenant's places; the function returned gives it back. */
  enter(tenantId: string): Promise<() => void>;
  /** Places held and waiting per tenant, for tests and diagnostics. */
  state(tenantId: string): { held: number; waiting: number };
};

/** The places of a pool of `max` connections a tenant may hold: all but a quarter (at least one) stays free for others. */
export const defaultTenantShare = (max: number) => Math.max(1, max - Math.max(1, Math.floor(max / 4)));

export function createTenantShare(limit: number, timeoutMs: number): TenantShare {
  const held = new Map<string, number>();
  const queues = new Map<string, Waiter[]>();

  const leave = (tenantId: string) => {
    const next = queues.get(tenantId)?.shift();
    if (next) {
      // The place passes straight to the next in line: the count stays.
      clearTimeout(next.timer);
      if (!queues.get(tenantId)!.length) queues.delete(tenantId);
      next.admit();
      return;
    }
    const n = (held.get(tenantId) ?? 1) - 1;
    if (n > 0) held.set(tenantId, n);
    else held.delete(tenantId);
  };

  const ticket = (tenantId: string) => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave(tenantId);
    };
  };

  return {
    enter(tenantId) {
      const n = held.get(tenantId) ?? 0;
      if (n < limit) {
        held.set(tenantId, n + 1);
        return Promise.resolve(ticket(tenantId));
      }
      return new Promise((resolve, reject) => {
        const queue = queues.get(tenantId) ?? [];
        queues.set(tenantId, queue);
        const waiter: Waiter = {
          admit: () => resolve(ticket(tenantId)),
          timer: setTimeout(() => {
            const i = queue.indexOf(waiter);
            if (i >= 0) queue.splice(i, 1);
            if (!queue.length && queues.get(tenantId) === queue) queues.delete(tenantId);
            reject(new Error(SHARE_TIMEOUT_MESSAGE));
          }, timeoutMs),
        };
        queue.push(waiter);
      });
    },
    state(tenantId) {
      return { held: held.get(tenantId) ?? 0, waiting: queues.get(tenantId)?.length ?? 0 };
    },
  };
}
