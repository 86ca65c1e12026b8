import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { AdminAccount } from '@kezhan/contract/admin/administrators';
import type { AdminSecurityStatus, AdminSessionEntry, TotpEnrolment } from '@kezhan/contract/admin/security';
import type { Envelope } from '@kezhan/contract/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  adminLogin,
  auditRows,
  sessionCookieOf,
  signedInAdmin,
  TEST_ADMIN_PASSWORD,
  type AdminClient,
} from '../../../test/support/admin';
import { KeyVault } from '../../shared/crypto/key-vault';
import { adminCommands } from './commands';
import { PERMISSION_DENIED_MESSAGE } from './guard';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './login';
import { openTotpSecret } from './totp';

// 10 s into a 30-second time step, so ±30 s lands in the neighbouring steps.
let clock = new Date('2026-03-01T08:00:10Z').getTime();
const advance = (ms: number) => (clock += ms);
/** The code of the authenticator app whose clock is `offsetSeconds` off the server's. */
const codeOf = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(clock / 1000) + offsetSeconds });

describe('operator console: two-step verification (TOTP) and revocable sessions', () => {
  let t: TestApp;
  let root: AdminClient;
  let ops: AdminClient;
  let support: AdminClient;
  let secret = '';

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    root = await signedInAdmin(t, 'super', 'root');
    ops = await signedInAdmin(t, 'content', 'ops');
    support = await signedInAdmin(t, 'support');
  });
  afterAll(() => t.close());

  /** Password step from its own IP (the per-IP limit has its own test). */
  const passwordStep = async (username: string, ip: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password: TEST_ADMIN_PASSWORD },
      remoteAddress: ip,
    });
    return { response, body: response.json() as Envelope<{ totp_required?: true; ticket?: string }> };
  };
  /** Wrong passwords and codes counted for a username from an address. */
  const failures = (username: string, ip: string) =>
    t.services.store.get(`admin-login:failures:${username}:${ip}`);
  const codeStep = async (ticket: string, code: unknown, ip: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { ticket, code },
      remoteAddress: ip,
    });
    return { response, body: response.json() as Envelope<{ csrf_token: string }> };
  };
  const row = (username: string) =>
    t.services.db
      .selectFrom('administrators')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  const enrol = async (client: AdminClient) => {
    const setup = await client.request<TotpEnrolment>({
      method: 'POST',
      url: '/api/admin/security/totp/setup',
    });
    expect(setup.code).toBe(0);
    const enabled = await client.request({
      method: 'POST',
      url: '/api/admin/security/totp/enable',
      payload: { code: await codeOf(setup.data.secret) },
    });
    expect(enabled).toMatchObject({ code: 0 });
    return setup.data.secret;
  };

  it('enrols with a QR code and a confirming code; the secret is never shown again', async () => {
    const status = await ops.request<AdminSecurityStatus>({ method: 'GET', url: '/api/admin/security' });
    expect(status.data).toEqual({ totp_enabled: false, totp_enabled_at: null });

    const setup = await ops.request<TotpEnrolment>({ method: 'POST', url: '/api/admin/security/totp/setup' });
    expect(setup.code).toBe(0);
    secret = setup.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*ops\?.*secret=[A-Z2-7]{32}/);
    expect(decodeURIComponent(setup.data.otpauth_uri)).toContain('issuer=课栈');
    expect(setup.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const enable = (code: unknown) =>
      ops.request({ method: 'POST', url: '/api/admin/security/totp/enable', payload: { code } });
    expect(await enable('')).toMatchObject({ code: 1, message: '请输入动态验证码' });
    expect(await enable('12345')).toMatchObject({ code: 1, message: '请输入动态验证码' });
    const wrong = (await codeOf(secret)) === '000000' ? '111111' : '000000';
    expect(await enable(wrong)).toMatchObject({ code: 1, message: '动态验证码错误' });
    expect((await row('ops')).totp_enabled_at).toBeNull();
    expect(await enable(await codeOf(secret))).toMatchObject({ code: 0 });

    expect(
      (await ops.request<AdminSecurityStatus>({ method: 'GET', url: '/api/admin/security' })).data,
    ).toEqual({
      totp_enabled: true,
      totp_enabled_at: expect.stringMatching(/^2026-03-01T08:00:10/),
    });
    expect(await ops.request({ method: 'POST', url: '/api/admin/security/totp/setup' })).toMatchObject({
      code: 1,
      message: '已开启两步验证',
    });
    const [audited] = await auditRows(t, 'administrator.totp_enable');
    expect(audited).toMatchObject({ administrator_name: 'ops', target_id: String((await row('ops')).id) });
    expect(JSON.stringify(audited)).not.toContain(secret);
    const accounts = await root.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' });
    expect(accounts.data.find((account) => account.username === 'ops')).toMatchObject({ totp_enabled: true });
    expect(JSON.stringify(accounts)).not.toContain(secret);
  });

  it('asks for the code after the password; wrong and used codes are refused and counted; ±30 s drift passes', async () => {
    const ip = '10.0.0.2';
    // Past the step whose code confirmed the enrolment (that one is used).
    advance(60_000);
    const first = await passwordStep('ops', ip);
    expect(first.body).toMatchObject({ code: 0, data: { totp_required: true, ticket: expect.any(String) } });
    expect(first.response.headers['set-cookie']).toBeUndefined();
    const ticket = first.body.data.ticket!;

    expect((await codeStep(ticket, '', ip)).body).toMatchObject({ code: 1, message: '请输入动态验证码' });
    const current = await codeOf(secret);
    const wrong = current === '000000' ? '111111' : '000000';
    expect((await codeStep(ticket, wrong, ip)).body).toMatchObject({ code: 1, message: '动态验证码错误' });
    expect(await failures('ops', ip)).toBe('1');

    // The phone's clock is 30 s behind: the code of the step before is accepted.
    const signedIn = await codeStep(ticket, await codeOf(secret, -30), ip);
    expect(signedIn.body).toMatchObject({ code: 0, data: { administrator: { username: 'ops' } } });
    const cookie = sessionCookieOf(signedIn.response.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(session.json()).toMatchObject({ code: 0 });
    expect(await failures('ops', ip)).toBeNull();
    const logins = await auditRows(t, 'session.login');
    expect(logins.at(-1)).toMatchObject({ administrator_name: 'ops', after: { two_factor: true } });
    // The ticket was single-use.
    expect((await codeStep(ticket, current, ip)).body).toMatchObject({
      code: 1,
      message: '登录已过期，请重新登录',
    });

    // The same code (its time step already used) is refused at the next login, and counted.
    const second = (await passwordStep('ops', ip)).body.data.ticket!;
    expect((await codeStep(second, await codeOf(secret, -30), ip)).body).toMatchObject({
      code: 1,
      message: '该动态验证码已使用，请等待下一个验证码',
    });
    expect(await failures('ops', ip)).toBe('1');
    // A phone 30 s ahead works too.
    expect((await codeStep(second, await codeOf(secret, 30), ip)).body).toMatchObject({ code: 0 });
    // Two steps off is too far.
    advance(60_000);
    const third = (await passwordStep('ops', ip)).body.data.ticket!;
    expect((await codeStep(third, await codeOf(secret, -60), ip)).body.message).toBe('动态验证码错误');
  });

  it('makes the address wait after five wrong codes, even though the password was right', async () => {
    const ip = '10.0.0.3';
    advance(60_000);
    const ticket = (await passwordStep('ops', ip)).body.data.ticket!;
    const wrong = (await codeOf(secret)) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await codeStep(ticket, wrong, ip)).body.message).toBe('动态验证码错误');
    }
    expect((await codeStep(ticket, await codeOf(secret), ip)).body).toMatchObject({
      code: 1,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });
    expect((await passwordStep('ops', ip)).body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(await auditRows(t, 'administrator.login_backoff')).toHaveLength(1);
    // The owner from another address is not held up.
    const elsewhere = (await passwordStep('ops', '10.0.0.4')).body.data.ticket!;
    expect((await codeStep(elsewhere, await codeOf(secret), '10.0.0.4')).body).toMatchObject({ code: 0 });
    advance(61 * 1000);
    const again = (await passwordStep('ops', ip)).body.data.ticket!;
    expect((await codeStep(again, await codeOf(secret), ip)).body).toMatchObject({ code: 0 });
  });

  it('turns 2FA off only with a current code; a 超级管理员 can reset it, audited', async () => {
    advance(30_000);
    const disable = (code: unknown, client = ops) =>
      client.request({ method: 'POST', url: '/api/admin/security/totp/disable', payload: { code } });
    expect(await disable(undefined)).toMatchObject({ code: 1, message: '请输入动态验证码' });
    const wrong = (await codeOf(secret)) === '000000' ? '111111' : '000000';
    expect(await disable(wrong)).toMatchObject({ code: 1, message: '动态验证码错误' });
    expect(await disable(await codeOf(secret))).toMatchObject({ code: 0 });
    expect(await auditRows(t, 'administrator.totp_disable')).toHaveLength(1);
    expect((await row('ops')).totp_secret).toBeNull();
    expect(await disable(await codeOf(secret))).toMatchObject({ code: 1, message: '未开启两步验证' });
    expect((await passwordStep('ops', '10.0.0.4')).body.data).toMatchObject({
      csrf_token: expect.any(String),
    });

    advance(30_000);
    await enrol(ops);
    const id = (await row('ops')).id;
    const reset = (client: AdminClient) =>
      client.request({ method: 'POST', url: `/api/admin/administrators/${id}/totp/reset` });
    expect(await reset(support)).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    expect(await reset(root)).toMatchObject({ code: 0 });
    expect(await reset(root)).toMatchObject({ code: 1, message: '未开启两步验证' });
    const rootId = (await row('root')).id;
    expect(
      await root.request({ method: 'POST', url: `/api/admin/administrators/${rootId}/totp/reset` }),
    ).toMatchObject({ code: 1, message: '请在账号安全页关闭自己的两步验证' });
    const [audited] = await auditRows(t, 'administrator.totp_reset');
    expect(audited).toMatchObject({ administrator_name: 'root', target_id: String(id) });
    expect((await passwordStep('ops', '10.0.0.4')).body.data).toMatchObject({
      csrf_token: expect.any(String),
    });

    // On the host, for the last 超级管理员 who lost their phone.
    advance(30_000);
    await enrol(root);
    const resetCli = adminCommands.find((command) => command.name === 'admin:reset-2fa')!;
    const lines: string[] = [];
    await resetCli.run(t.services, ['root'], { line: (line) => lines.push(line) });
    expect(lines).toEqual(['two-step verification of root turned off; they sign in with the password alone']);
    expect((await row('root')).totp_enabled_at).toBeNull();
    expect((await auditRows(t, 'administrator.totp_reset')).at(-1)).toMatchObject({
      administrator_name: 'cli',
    });
    await expect(resetCli.run(t.services, ['root'], { line: () => undefined })).rejects.toThrow(
      'No administrator root with two-step verification on',
    );
  });

  it('lists my sessions and revokes one or all the others; revoked sessions get 401 at once', async () => {
    const writer = await signedInAdmin(t, 'content', 'writer');
    const other = async () => {
      advance(1000);
      return sessionCookieOf((await adminLogin(t, 'writer')).response.headers['set-cookie']);
    };
    const b = await other();
    const c = await other();
    const probe = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).json().code;

    const list = await writer.request<AdminSessionEntry[]>({
      method: 'GET',
      url: '/api/admin/security/sessions',
    });
    expect(list.data).toHaveLength(3);
    expect(list.data.filter((entry) => entry.current)).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'lightMyRequest' });
    const [newest] = list.data;
    expect(newest.current).toBe(false);

    const revoke = (id: string, client = writer) =>
      client.request({ method: 'DELETE', url: `/api/admin/security/sessions/${id}` });
    expect(await revoke(newest.id)).toMatchObject({ code: 0 });
    expect([await probe(b), await probe(c)]).toEqual([0, 401]);
    expect(await revoke(newest.id)).toMatchObject({ code: 1, message: '会话不存在' });
    // Someone else's session is not mine to end.
    const rootSessions = await root.request<AdminSessionEntry[]>({
      method: 'GET',
      url: '/api/admin/security/sessions',
    });
    expect(await revoke(rootSessions.data[0].id)).toMatchObject({ code: 1, message: '会话不存在' });

    expect(
      await writer.request({ method: 'POST', url: '/api/admin/security/sessions/revoke-others' }),
    ).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect([await probe(b), await probe(c)]).toEqual([401, 401]);
    expect(await probe(writer.cookie)).toBe(0);
    expect(await auditRows(t, 'session.revoke')).toHaveLength(1);
    expect(await auditRows(t, 'session.revoke_others')).toHaveLength(1);
  });

  it('lets a 超级管理员 list and end another administrator’s sessions; a 客服 may not', async () => {
    const editor = await signedInAdmin(t, 'content', 'editor');
    const id = (await row('editor')).id;
    const url = `/api/admin/administrators/${id}/sessions`;

    const denied = await support.request({ method: 'GET', url });
    expect(denied).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    const listed = await root.request<AdminSessionEntry[]>({ method: 'GET', url });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].current).toBe(false);
    const one = `${url}/${listed.data[0].id}`;
    expect(await support.request({ method: 'DELETE', url: one })).toMatchObject({
      code: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    expect(await editor.request({ method: 'GET', url: '/api/admin/session' })).toMatchObject({ code: 0 });

    expect(await root.request({ method: 'DELETE', url: one })).toMatchObject({ code: 0 });
    expect(await editor.request({ method: 'GET', url: '/api/admin/session' })).toMatchObject({
      code: 401,
      message: '请登录',
    });
    const [audited] = await auditRows(t, 'session.revoke').then((rows) => rows.slice(-1));
    expect(audited).toMatchObject({ administrator_name: 'root', target_id: String(id) });

    await adminLogin(t, 'editor');
    await adminLogin(t, 'editor');
    expect(await root.request({ method: 'DELETE', url })).toMatchObject({ code: 0, data: { revoked: 2 } });
    expect((await root.request<AdminSessionEntry[]>({ method: 'GET', url })).data).toHaveLength(0);
    expect(
      await root.request({ method: 'GET', url: '/api/admin/administrators/9999/sessions' }),
    ).toMatchObject({
      code: 1,
      message: '管理员不存在',
    });
  });

  it('keeps TOTP secrets sealed in the database; admin:reseal-2fa seals one stored plain', async () => {
    const sealer = await signedInAdmin(t, 'content', 'sealer-2');
    advance(90_000);
    const plain = await enrol(sealer);
    const stored = (await row('sealer-2')).totp_secret!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(plain);
    expect(openTotpSecret(t.services.totpVault, stored)).toBe(plain);
    // A copy of the database without MEDIA_KEY_SECRET cannot make codes.
    const otherVault = new KeyVault('another-secret-of-at-least-32-characters', [], 'admin-totp');
    expect(() => openTotpSecret(otherVault, stored)).toThrow(/unknown MEDIA_KEY_SECRET/);

    const signIn = async (ip: string) => {
      const ticket = (await passwordStep('sealer-2', ip)).body.data.ticket!;
      return (await codeStep(ticket, await codeOf(plain), ip)).body;
    };
    // A secret stored before sealing existed still works …
    advance(60_000);
    await t.services.db
      .updateTable('administrators')
      .set({ totp_secret: plain })
      .where('username', '=', 'sealer-2')
      .execute();
    expect(await signIn('10.0.0.7')).toMatchObject({ code: 0 });
    // … and the command seals it (and only it), after which codes still work.
    const reseal = adminCommands.find((command) => command.name === 'admin:reseal-2fa')!;
    const lines: string[] = [];
    await reseal.run(t.services, [], { line: (line) => lines.push(line) });
    expect(lines).toEqual(['1 two-step secret(s) sealed under the current MEDIA_KEY_SECRET']);
    expect((await row('sealer-2')).totp_secret).toMatch(/^v1\./);
    advance(60_000);
    expect(await signIn('10.0.0.8')).toMatchObject({ code: 0 });
  });
});
