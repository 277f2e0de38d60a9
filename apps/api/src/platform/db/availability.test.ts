import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.js';

const dbError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into "tags" ...'), { cause });

describe('isDatabaseUnavailable: what the API answers 503', () => {
  it.each(['08006', '08001', '57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03'])(
    'SQLSTATE %s, also wrapped by drizzle',
    (code) => {
      expect(isDatabaseUnavailable(dbError(code))).toBe(true);
      expect(isDatabaseUnavailable(wrapped(dbError(code)))).toBe(true);
    },
  );

  it('socket errors, pg-pool’s checkout timeout and a terminated connection', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
  });

  it("a deadlock or serialization failure that outlived withTenant's retries: try again later", () => {
    for (const code of ['40P01', '40001']) expect(isDatabaseUnavailable(wrapped(dbError(code)))).toBe(true);
  });

  it('not the request’s own faults or other failures', () => {
    for (const code of ['23505', '23503', '22021', '42P01'])
      expect(isDatabaseUnavailable(wrapped(dbError(code)))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
  });
});
