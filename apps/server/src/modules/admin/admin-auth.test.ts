import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS } from '@kezhan/contract/admin/index';
import {
  ADMIN_ROLE_PRESET_KEYS,
  presetGrants,
  type AdminPermission,
} from '@kezhan/contract/admin/permissions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdministrator } from './administrators';
import { sessionCookie } from './cookie';
import { CSRF_MESSAGE, PERMISSION_DENIED_MESSAGE } from './guard';
import { TOO_MANY_ATTEMPTS_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from './login';
import { SESSION_IDLE_MS } from './sessions';
import { StoreUnavailableError } from '../../shared/store/ephemeral-store';
import {
  adminLogin,
  auditRows,
  sessionCookieOf,
  signedInAdmin,
  TEST_ADMIN_PASSWORD,
  type AdminClient,
} from '../../../test/support/admin';

let clock = new Date('2026-03-01T08:00:00Z').getTime();
const advance = (ms: number) => (clock += ms);

describe('operator console: administrators, sessions, CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('signs in with an HttpOnly, SameSite=Strict cookie limited to the admin API, and audits it', async () => {
    await createAdministrator(
      t.services.db,
      { username: 'ops', password: TEST_ADMIN_PASSWORD, role: 'content' },
      new Date(clock),
    );
    const { response, body } = await adminLogin(t, 'ops');
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      administrator: { username: 'ops', role: 'content', role_name: '内容运营' },
    });
    expect(body.data.csrf_token).toMatch(/^[\w-]{32}$/);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^kezhan_admin=[\w-]{43}; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    const [row] = await auditRows(t, 'session.login');
    expect(row).toMatchObject({ administrator_name: 'ops', ip: '127.0.0.1', target_type: 'administrator' });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: sessionCookieOf(response.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({ code: 0, data: { csrf_token: body.data.csrf_token } });
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the site is served over HTTPS', () => {
    expect(sessionCookie('https://school.example', 'abc', 60)).toContain('; Secure');
    expect(sessionCookie('http://127.0.0.1:8300', 'abc', 60)).not.toContain('Secure');
  });

  it('answers 请登录 without a session, with a forged cookie, and refuses members’ tokens', async () => {
    expect(await t.request({ method: 'GET', url: '/api/admin/session' })).toMatchObject({
      code: 401,
      message: '请登录',
    });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: 'kezhan_admin=' + 'A'.repeat(43) },
    });
    expect(forged.json()).toMatchObject({ code: 401, message: '请登录' });
    const member = await t.loginBySms('13900000001');
    expect(await t.request({ method: 'GET', url: '/api/admin/session', token: member })).toMatchObject({
      code: 401,
    });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    expect((await adminLogin(t, 'nobody')).body).toMatchObject({
      code: 1,
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect((await adminLogin(t, 'ops', 'wrong-password')).body).toMatchObject({
      code: 1,
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    const empty = await t.request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: ' ', password: '' },
    });
    expect(empty).toMatchObject({ code: 1, message: '请输入账号,请输入密码' });
  });

  it('never lets a stranger lock the owner out: wrong passwords slow down only their own address', async () => {
    await createAdministrator(
      t.services.db,
      { username: 'victim', password: TEST_ADMIN_PASSWORD, role: 'support' },
      new Date(clock),
    );
    const stranger = '203.0.113.19';
    for (let i = 0; i < 5; i += 1) {
      expect((await adminLogin(t, 'victim', `guess-${i}`, stranger)).body.message).toBe(
        WRONG_CREDENTIALS_MESSAGE,
      );
    }
    // The stranger's address now waits, even with the right password …
    expect((await adminLogin(t, 'victim', TEST_ADMIN_PASSWORD, stranger)).body).toMatchObject({
      code: 1,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });
    // … while the owner, from their own address, signs in at once.
    expect((await adminLogin(t, 'victim')).body.code).toBe(0);
    const [audited] = await auditRows(t, 'administrator.login_backoff');
    expect(audited).toMatchObject({
      administrator_id: null,
      administrator_name: 'victim',
      ip: stranger,
      after: { failed_logins: 5, wait_seconds: 60 },
    });

    // The wait is a minute, then doubles with each further wrong password.
    advance(61 * 1000);
    expect((await adminLogin(t, 'victim', 'guess-6', stranger)).body.message).toBe(WRONG_CREDENTIALS_MESSAGE);
    advance(119 * 1000);
    expect((await adminLogin(t, 'victim', TEST_ADMIN_PASSWORD, stranger)).body.message).toBe(
      TOO_MANY_ATTEMPTS_MESSAGE,
    );
    advance(2 * 1000);
    expect((await adminLogin(t, 'victim', TEST_ADMIN_PASSWORD, stranger)).body.code).toBe(0);
    // A success starts the count again: four more mistakes do not make that address wait.
    for (let i = 0; i < 4; i += 1) await adminLogin(t, 'victim', `again-${i}`, stranger);
    expect((await adminLogin(t, 'victim', TEST_ADMIN_PASSWORD, stranger)).body.code).toBe(0);
  });

  it('answers an unknown username exactly as a known one, at every step, so none is revealed', async () => {
    const from = '198.51.100.7';
    const answers = async (username: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i += 1) seen.push((await adminLogin(t, username, `nope-${i}`, ip)).body.message);
      return seen;
    };
    const known = await answers('victim', from);
    const unknown = await answers('no-such-admin', '198.51.100.8');
    expect(unknown).toEqual(known);
    expect(known).toEqual([
      ...Array(5).fill(WRONG_CREDENTIALS_MESSAGE),
      TOO_MANY_ATTEMPTS_MESSAGE,
      TOO_MANY_ATTEMPTS_MESSAGE,
    ]);
    advance(61 * 1000);
  });

  it('signs in while the shared store is down: the counters are skipped, the password alone decides', async () => {
    const store = t.services.store;
    const methods = ['get', 'set', 'setIfAbsent', 'take', 'delete', 'increment', 'ttl'] as const;
    const saved = methods.map((name) => [name, store[name]] as const);
    // Redis stopped: every command fails as the Redis store reports it.
    for (const name of methods)
      (store as unknown as Record<string, unknown>)[name] = () =>
        Promise.reject(new StoreUnavailableError(new Error('connect ECONNREFUSED')));
    try {
      const from = '192.0.2.44';
      for (let i = 0; i < 6; i += 1) {
        const wrong = await adminLogin(t, 'victim', `down-${i}`, from);
        expect([wrong.response.statusCode, wrong.body]).toEqual([
          200,
          { code: 1, message: WRONG_CREDENTIALS_MESSAGE, data: [] },
        ]);
      }
      const { response, body } = await adminLogin(t, 'victim', TEST_ADMIN_PASSWORD, from);
      expect([response.statusCode, body.code]).toEqual([200, 0]);
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie: sessionCookieOf(response.headers['set-cookie']) },
      });
      expect(session.json()).toMatchObject({ code: 0, data: { administrator: { username: 'victim' } } });
    } finally {
      for (const [name, method] of saved) (store as unknown as Record<string, unknown>)[name] = method;
    }
  });

  it('refuses a change without the session’s CSRF token, and revokes the session on logout', async () => {
    const admin = await signedInAdmin(t, 'finance', 'cashier');
    expect(await admin.request({ method: 'POST', url: '/api/admin/logout', csrf: false })).toMatchObject({
      code: 403,
      message: CSRF_MESSAGE,
    });
    expect(
      await admin.request({
        method: 'POST',
        url: '/api/admin/logout',
        csrf: false,
        headers: { 'x-csrf-token': 'x'.repeat(32) },
      }),
    ).toMatchObject({ code: 403, message: CSRF_MESSAGE });
    // Another session's token does not fit this one.
    const other = await signedInAdmin(t, 'finance', 'cashier2');
    expect(
      await admin.request({
        method: 'POST',
        url: '/api/admin/logout',
        csrf: false,
        headers: { 'x-csrf-token': other.csrfToken },
      }),
    ).toMatchObject({ code: 403 });
    expect((await admin.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    });
    expect(logout.json()).toMatchObject({ code: 0 });
    expect(String(logout.headers['set-cookie'])).toContain(
      'kezhan_admin=; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age=0',
    );
    expect(await admin.request({ method: 'GET', url: '/api/admin/session' })).toMatchObject({ code: 401 });
    expect((await other.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
  });

  it('ends a session after 2 idle hours, and at once when its administrator is disabled', async () => {
    const admin = await signedInAdmin(t, 'support', 'idle');
    advance(SESSION_IDLE_MS - 1000);
    expect((await admin.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
    advance(SESSION_IDLE_MS - 1000);
    expect((await admin.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
    advance(SESSION_IDLE_MS);
    expect((await admin.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(401);

    const disabled = await signedInAdmin(t, 'support', 'leaver');
    await t.services.db
      .updateTable('administrators')
      .set({ is_disabled: 1 })
      .where('username', '=', 'leaver')
      .execute();
    expect((await disabled.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(401);
  });

  it('limits one IP to 20 attempts a minute', async () => {
    const ip = '203.0.113.9';
    // A different username each time, so no (username, address) back-off is reached first.
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { username: `x${i}`, password: 'y' },
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt(i)).json().message).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect((await attempt(20)).json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });
});

describe('operator console: every admin route refuses the roles that lack its permission', () => {
  let t: TestApp;
  const clients = new Map<string, AdminClient>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ADMIN_ROLE_PRESET_KEYS) clients.set(role, await signedInAdmin(t, role));
  });
  afterAll(() => t.close());

  const adminEndpoints = ADMIN_ENDPOINTS.filter((endpoint) => endpoint.auth === 'admin');

  it('declares a permission on every /api/admin route but the login (password, then code)', () => {
    const login = ['/api/admin/login', '/api/admin/login/totp'];
    for (const endpoint of ADMIN_ENDPOINTS) {
      expect(endpoint.path.startsWith('/api/admin/'), endpoint.path).toBe(true);
      if (!login.includes(endpoint.path)) expect(endpoint.auth, endpoint.path).toBe('admin');
    }
    expect(adminEndpoints.length).toBe(ADMIN_ENDPOINTS.length - login.length);
  });

  for (const role of ADMIN_ROLE_PRESET_KEYS) {
    it(`${role}: 403 on each route it lacks, never on one it holds`, async () => {
      const client = clients.get(role)!;
      for (const endpoint of adminEndpoints) {
        if (endpoint.path === '/api/admin/logout') continue;
        const url = endpoint.path.replace(/:\w+/g, '1');
        if (!('data' in endpoint)) {
          // A file (e.g. a CSV export): refused with the envelope, else the file itself.
          const raw = await t.app.inject({
            method: endpoint.method,
            url,
            headers: { cookie: client.cookie },
          });
          const refused = raw.body.includes(PERMISSION_DENIED_MESSAGE);
          expect(refused, `${role} ${endpoint.method} ${endpoint.path}`).toBe(
            !presetGrants(role, endpoint.permission as AdminPermission),
          );
          continue;
        }
        const answer = await client.request({
          method: endpoint.method,
          url,
          payload: endpoint.method === 'GET' ? undefined : {},
        });
        const granted = presetGrants(role, endpoint.permission as AdminPermission);
        if (granted)
          expect([answer.code, answer.message], `${endpoint.method} ${endpoint.path}`).not.toEqual([
            403,
            PERMISSION_DENIED_MESSAGE,
          ]);
        else
          expect(answer, `${role} ${endpoint.method} ${endpoint.path}`).toMatchObject({
            code: 403,
            message: PERMISSION_DENIED_MESSAGE,
          });
      }
    });
  }

  it('lets only 超级管理员 read the audit log', async () => {
    const answer = await clients.get('super')!.request<{ data: unknown[]; total: number }>({
      method: 'GET',
      url: '/api/admin/audit-logs?action=session.login',
    });
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(4);
    expect(answer.data.data[0]).toMatchObject({ action: 'session.login', ip: '127.0.0.1', before: null });
  });
});
