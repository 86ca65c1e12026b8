import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/test-app';
import { createAdministrator } from './administrators';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './login';
import { adminLogin, sessionCookieOf, TEST_ADMIN_PASSWORD } from '../../../test/support/admin';

/** Two API nodes on one PostgreSQL + Redis: a console session and a lock-out hold on both. */
describe.runIf(usingPostgres)('operator console on two API nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await createTestApp();
    nodeB = await createTestApp({ shareWith: nodeA });
    for (const username of ['roaming', 'target']) {
      await createAdministrator(
        nodeA.services.db,
        { username, password: TEST_ADMIN_PASSWORD, role: 'content' },
        new Date(),
      );
    }
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  it('serves on node B a session opened on node A, and ends it on both at logout', async () => {
    const { response, body } = await adminLogin(nodeA, 'roaming');
    const headers = {
      cookie: sessionCookieOf(response.headers['set-cookie']),
      'x-csrf-token': body.data.csrf_token,
    };
    const session = () => nodeB.app.inject({ method: 'GET', url: '/api/admin/session', headers });
    expect((await session()).json()).toMatchObject({ code: 0, data: { csrf_token: body.data.csrf_token } });
    const logout = await nodeB.app.inject({ method: 'POST', url: '/api/admin/logout', headers });
    expect(logout.json().code).toBe(0);
    const onA = await nodeA.app.inject({ method: 'GET', url: '/api/admin/session', headers });
    expect(onA.json()).toMatchObject({ code: 401 });
  });

  it('counts one address’s wrong passwords on both nodes towards one back-off', async () => {
    const from = '203.0.113.5';
    for (let i = 0; i < 5; i += 1) await adminLogin(i % 2 ? nodeA : nodeB, 'target', `wrong-${i}`, from);
    const right = TEST_ADMIN_PASSWORD;
    expect((await adminLogin(nodeA, 'target', right, from)).body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect((await adminLogin(nodeB, 'target', right, from)).body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect((await adminLogin(nodeB, 'target')).body.code).toBe(0);
  });
});
