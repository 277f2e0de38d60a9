import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTenantShare, defaultTenantShare, SHARE_TIMEOUT_MESSAGE } from './tenant-share.js';

const A = 'tenant-a';
const B = 'tenant-b';

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
