import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/harness.js';
import {
  buildWorld,
  describeCell,
  inMatrixScope,
  planCells,
  routesOf,
  runAll,
  ROUTES,
  type Outcome,
  type World,
} from '../../test/authz-matrix.js';

/**
 * Issue 9: the authorization matrix, generated from the app's own route list. Every route x
 * principal (anonymous, platform admin, company admin, company employee, client user, provider
 * user, another company's admin cookie on this host, this company's cookie on another host) x
 * object (own, same company outside the principal's scope, another company's). Declarations and
 * the runner: test/authz-matrix.ts.
 */
let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

const count = (list: Outcome[], verdict: Outcome['verdict']) => list.filter((o) => o.verdict === verdict).length;

describe('authorization matrix', () => {
  it('declares every route the app serves, and nothing it does not', () => {
    const served = routesOf(t.app).filter(inMatrixScope);
    expect(served.length).toBeGreaterThan(50);
    const undeclared = served.filter((r) => !ROUTES[r]);
    expect(
      undeclared,
      `routes missing from the authorization matrix (declare them in apps/api/test/authz-matrix.ts): ${undeclared.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(ROUTES).filter((r) => !served.includes(r));
    expect(stale, `declared routes the app does not serve: ${stale.join(', ')}`).toEqual([]);
  });

  it('refuses every cell that must be refused, serves every allowed one, and leaks nothing', async () => {
    const cells = planCells(w);
    const first = cells.filter((c) => !c.def.last);
    const outcomes = await runAll(w, first);

    // Signing out runs last (it ends the shared sessions): the cookies sent to the wrong host first,
    // which must not end the session on its own host.
    const last = cells.filter((c) => c.def.last);
    const wrongHost = last.filter((c) => c.p.name === 'otherTenantAdmin' || c.p.name === 'cookieOnWrongHost');
    outcomes.push(...(await runAll(w, wrongHost, 1)));
    for (const [host, cookie] of [
      [w.A.host, w.A.adminCookie],
      [w.B.host, w.B.adminCookie],
    ] as const) {
      const session = await request(t, { url: '/api/session', host, cookie });
      expect(session.json?.user, `a sign-out on another host ended the session on ${host}`).toBeTruthy();
    }
    outcomes.push(
      ...(await runAll(
        w,
        last.filter((c) => !wrongHost.includes(c)),
        1,
      )),
    );

    const leaks = outcomes.filter((o) => o.verdict === 'leak');
    const wrong = outcomes.filter((o) => o.verdict === 'wrong');
    console.log(
      `authz matrix: ${outcomes.length} cells (${Object.keys(ROUTES).length} routes x ${w.principals.length} principals x objects), ` +
        `${count(outcomes, 'allowed')} allowed, ${count(outcomes, 'denied')} denied, ${leaks.length} leaks, ${wrong.length} unexpected`,
    );
    for (const p of w.principals) {
      const mine = outcomes.filter((o) => o.principal === p.name);
      console.log(
        `  ${p.name}: ${mine.length} cells, ${count(mine, 'allowed')} allowed, ${count(mine, 'denied')} denied`,
      );
    }
    expect({ leaks: leaks.map(describeCell), unexpected: wrong.map(describeCell) }).toEqual({
      leaks: [],
      unexpected: [],
    });
    // Not vacuous: every principal with a session reaches something, and refusals are real.
    for (const name of ['platformAdmin', 'companyAdmin', 'companyEmployee', 'clientUser', 'providerUser'] as const) {
      expect(
        outcomes.filter((o) => o.principal === name && o.expected === 'allow' && o.status >= 200 && o.status < 300)
          .length,
        name,
      ).toBeGreaterThan(0);
    }
    expect(count(outcomes, 'denied')).toBeGreaterThan(count(outcomes, 'allowed'));
    // The leak check looks for ids and names as the bodies really carry them: each signed-in tenant
    // principal finds the objects it may see in some answer.
    for (const name of ['companyAdmin', 'companyEmployee', 'clientUser', 'providerUser'] as const) {
      expect(outcomes.filter((o) => o.principal === name && o.seenOwn > 0).length, name).toBeGreaterThan(0);
    }
  }, 180_000);
});
