import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { maskIdNumber, maskRealName } from './member-detail';

describe('GET /api/v2/member/detail and tokens', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  const detail = (token?: string, extra: Record<string, any> = {}) =>
    t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/member/detail', token, ...extra });

  it('answers every field of the member detail with its exact JSON type', async () => {
    const res = await detail(await t.loginBySms('13600000001'));
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '' });
    const types: Record<string, string> = {
      id: 'number',
      avatar: 'string',
      nick_name: 'string',
      mobile: 'string',
      is_lock: 'number',
      is_active: 'number',
      role_id: 'number',
      role_expired_at: 'string',
      invite_balance: 'number',
      is_password_set: 'number',
      is_set_nickname: 'number',
      created_at: 'string',
      credit1: 'number',
      credit2: 'number',
      credit3: 'number',
      role: 'object',
      is_bind_qq: 'number',
      is_bind_wechat: 'number',
      is_bind_mobile: 'number',
      invite_people_count: 'number',
      is_face_verify: 'boolean',
      profile_real_name: 'string',
      profile_id_number: 'string',
      // 2026 clients: whether the published user agreement and privacy policy were accepted.
      agreement_status: 'object',
    };
    expect(Object.keys(res.data).sort()).toEqual(Object.keys(types).sort());
    for (const [field, type] of Object.entries(types)) expect(typeof res.data[field], field).toBe(type);
    expect(res.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(res.data.role_expired_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.data).toMatchObject({
      is_bind_qq: 0,
      is_bind_wechat: 0,
      is_bind_mobile: 1,
      invite_people_count: 0,
      role: null,
    });
  });

  it('shows the VIP role, bound social accounts, invitees and the masked real-name profile', async () => {
    const token = await t.loginBySms('13600000002');
    const id = (await detail(token)).data.id;
    const role = await t.services.db
      .insertInto('roles')
      .values({ name: '年度会员', charge: 99, expire_days: 365 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.db.updateTable('users').set({ role_id: role.id }).where('id', '=', id).execute();
    await t.services.db
      .insertInto('socialites')
      .values({ user_id: id, app: 'qq', app_user_id: 'openid-1' })
      .execute();
    await t.services.db
      .insertInto('user_profiles')
      .values({ user_id: id, real_name: '王小明', id_number: '110101199003074512', is_verify: 1 })
      .execute();
    await t.services.db
      .insertInto('users')
      .values({ mobile: '13600000099', nick_name: 'invitee', password: 'x', invite_user_id: id })
      .execute();
    expect((await detail(token)).data).toMatchObject({
      role_id: role.id,
      role: { id: role.id, name: '年度会员' },
      is_bind_qq: 1,
      is_bind_wechat: 0,
      invite_people_count: 1,
      is_face_verify: true,
      profile_real_name: '王*明',
      profile_id_number: '110101****4512',
    });
  });

  it('masks names and id numbers like MeEdu', () => {
    expect(maskRealName('王')).toBe('王');
    expect(maskRealName('王明')).toBe('王*');
    expect(maskRealName('欧阳小明')).toBe('欧*明');
    expect(maskIdNumber('')).toBe('');
    expect(maskIdNumber('110101900307451')).toBe('110101****451');
  });

  it('answers code 401 请登录 without a token, with a forged or malformed one', async () => {
    const expected = { statusCode: 200, code: 401, message: '请登录', data: [] };
    expect(await detail()).toMatchObject(expected);
    expect(await detail('not-a-jwt')).toMatchObject(expected);
    const token = await t.loginBySms('13600000003');
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(await detail(`${header}.${forgedPayload}.${token.split('.')[2]}`)).toMatchObject(expected);
    expect(await detail(undefined, { headers: { authorization: 'Basic abc' } })).toMatchObject(expected);
  });

  it('takes a query-string token only on the browser-navigation routes MeEdu clients need it on', async () => {
    const token = await t.loginBySms('13600000004');
    expect((await t.request({ method: 'GET', url: `/api/v2/member/detail?token=${token}` })).code).toBe(401);
  });

  it('expires tokens after 14 days', async () => {
    const token = await t.loginBySms('13600000005');
    clock += 14 * 24 * 3600 * 1000 - 60_000;
    expect((await detail(token)).code).toBe(0);
    clock += 120_000;
    expect(await detail(token)).toMatchObject({ code: 401, message: '请登录' });
  });

  it('stops a token after logout, on this and every other request', async () => {
    const token = await t.loginBySms('13600000006');
    const other = await t.loginBySms('13600000016');
    expect(await t.request({ method: 'POST', url: '/api/v2/logout', token })).toMatchObject({
      code: 0,
      data: [],
    });
    expect(await detail(token)).toMatchObject({ code: 401, message: '请登录' });
    expect(await t.request({ method: 'POST', url: '/api/v2/logout', token })).toMatchObject({ code: 401 });
    expect((await detail(other)).code).toBe(0);
  });

  it('stops the tokens of a member who gets locked', async () => {
    const token = await t.loginBySms('13600000007');
    await t.services.db
      .updateTable('users')
      .set({ is_lock: 1 })
      .where('mobile', '=', '13600000007')
      .execute();
    expect(await detail(token)).toMatchObject({ code: 401 });
  });

  it('with the last-device-only rule, an older login gets 请重新登录', async () => {
    await t.services.settings.set('login.limit.rule', '3');
    try {
      const first = await t.loginBySms('13600000008');
      await t.allowNextSms('13600000008');
      const second = await t.loginBySms('13600000008');
      expect((await detail(second)).code).toBe(0);
      expect(await detail(first)).toMatchObject({ code: 401, message: '请重新登录' });
      expect(await detail(first)).toMatchObject({ code: 401, message: '请登录' });
    } finally {
      await t.services.settings.set('login.limit.rule', '1');
    }
  });
});
