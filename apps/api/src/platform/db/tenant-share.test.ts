import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTenantShare, defaultTenantShare, SHARE_TIMEOUT_MESSAGE } from './tenant-share.js';

const A = 'tenant-a';
const B = 'tenant-b';
const C = 'address 192.0.2.1';

afterEach(() => {
  vi.useRealTimers();
});

describe('a company’s share of the pool', () => {
  it('leaves a quarter of the pool (at least one connection) to the other companies', () => {
    expect(defaultTenantShare(20)).toBe(15);
    expect(defaultTenantShare(5)).toBe(4);
    expect(defaultTenantShare(4)).toBe(3);
    expect(defaultTenantShare(2)).toBe(1);
    expect(defaultTenantShare(1)).toBe(1);
  });

  it('admits a company up to its share; past it, its own requests wait while another company goes straight in', async () => {
    const share = createTenantShare(2, 1000);
    const a1 = await share.enter(A);
    await share.enter(A);
    let third = false;
    const waiting = share.enter(A).then((leave) => {
      third = true;
      return leave;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    expect(share.state(A)).toEqual({ held: 2, waiting: 1 });
    const b = await share.enter(B); // not behind A's queue
    expect(share.state(B)).toEqual({ held: 1, waiting: 0 });
    b();
    expect(share.state(B)).toEqual({ held: 0, waiting: 0 });

    a1();
    const leave3 = await waiting;
    expect(third).toBe(true);
    expect(share.state(A)).toEqual({ held: 2, waiting: 0 }); // the place passed on, not freed
    leave3();
    leave3(); // giving a place back twice frees it once
    expect(share.state(A)).toEqual({ held: 1, waiting: 0 });
  });

  it('serves a company’s waiting requests first come, first served', async () => {
    const share = createTenantShare(1, 1000);
    const first = await share.enter(A);
    const order: number[] = [];
    const waits = [1, 2, 3].map((n) =>
      share.enter(A).then((leave) => {
        order.push(n);
        leave();
      }),
    );
    first();
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
    expect(share.state(A)).toEqual({ held: 0, waiting: 0 });
  });

  it('when the pool is full, gives the next free connection to the companies in turn, not to the longest queue', async () => {
    const share = createTenantShare(3, 1000, 3); // three places in all, three per company
    const held = await Promise.all([share.enter(A), share.enter(A), share.enter(A)]);
    const served: string[] = [];
    const wait = (key: string, label: string) =>
      share.enter(key).then((leave) => {
        served.push(label);
        return leave;
      });
    // A queued three more before B and C asked.
    const waits = [wait(A, 'a1'), wait(A, 'a2'), wait(A, 'a3'), wait(B, 'b1'), wait(C, 'c1'), wait(B, 'b2')];
    expect(share.state(B)).toEqual({ held: 0, waiting: 2 });
    for (const leave of held) leave();
    await Promise.resolve();
    expect(served).toEqual(['a1', 'b1', 'c1']); // one each, in the order the companies came
    (await waits[0]!)();
    await Promise.resolve();
    expect(served).toEqual(['a1', 'b1', 'c1', 'a2']); // A's turn again, then B's
    (await waits[3]!)();
    await Promise.resolve();
    expect(served).toEqual(['a1', 'b1', 'c1', 'a2', 'b2']);
    for (const w of [waits[1], waits[2], waits[4], waits[5]]) (await w!)();
    expect(served).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect([share.state(A), share.state(B), share.state(C)].every((s) => s.held === 0 && s.waiting === 0)).toBe(true);
  });

  it('gives up a wait after the timeout with the error the API answers 503, and keeps no place for it', async () => {
    vi.useFakeTimers();
    const share = createTenantShare(1, 300);
    const held = await share.enter(A);
    const late = share.enter(A);
    const failed = expect(late).rejects.toThrow(SHARE_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(301);
    await failed;
    expect(share.state(A)).toEqual({ held: 1, waiting: 0 });
    held();
    expect(share.state(A)).toEqual({ held: 0, waiting: 0 });
    const again = await share.enter(A); // the place is free again
    again();
  });
});
