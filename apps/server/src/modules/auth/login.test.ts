import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../shared/auth/passwords';

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mobileLogin = (payload: Record<string, unknown>) =>
    t.request<{ token: string }>({ method: 'POST', url: '/api/v2/login/mobile', payload });
  const passwordLogin = (payload: Record<string, unknown>) =>
    t.request<{ token: string }>({ method: 'POST', url: '/api/v2/login/password', payload });
  const detail = (token: string) =>
    t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/member/detail', token });

  async function memberWithPassword(mobile: string, password: string, extra: { is_lock?: number } = {}) {
    await t.services.db
      .insertInto('users')
      .values({
        mobile,
        nick_name: `u${mobile}`,
        password: await hashPassword(password),
        is_password_set: 1,
        ...extra,
      })
      .execute();
  }

  describe('POST /api/v2/login/mobile', () => {
    it('asks for the mobile first', async () => {
      expect(await mobileLogin({ mobile_code: '123456' })).toMatchObject({
        code: 1,
        message: '请输入手机号',
        data: [],
      });
    });

    it('rejects a missing or wrong code with 短信验证码错误', async () => {
      await t.sendSms('13700000001');
      expect(await mobileLogin({ mobile: '13700000001' })).toMatchObject({
        code: 1,
        message: '短信验证码错误',
      });
      expect(await mobileLogin({ mobile: '13700000001', mobile_code: 'abcdef' })).toMatchObject({
        code: 1,
        message: '短信验证码错误',
      });
    });

    it('registers an unknown mobile as a new member with the MeEdu defaults and a welcome message', async () => {
      const token = await t.loginBySms('13700000002');
      expect(token.split('.')).toHaveLength(3);
      const member = (await detail(token)).data;
      expect(member).toMatchObject({
        mobile: '13700000002',
        avatar: 'http://api.test/images/default_avatar.png',
        is_password_set: 0,
        is_set_nickname: 0,
        is_lock: 0,
        is_active: 1,
        role_id: 0,
        role: null,
        is_bind_mobile: 1,
        is_face_verify: false,
      });
      expect(member.nick_name).toBe('学员0002');
      const messages = await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', member.id)
        .execute();
      expect(messages.map((m) => m.message)).toEqual(['用户注册成功']);
    });

    it('names a new member 学员 + four more digits when another member already has 学员 + the last four', async () => {
      const first = (await detail(await t.loginBySms('13600000012'))).data;
      expect(first.nick_name).toBe('学员0012');
      const second = (await detail(await t.loginBySms('13500000012'))).data;
      expect(second.nick_name).toMatch(/^学员0012\d{4}$/);
      await t.services.db
        .updateTable('users')
        .set({ nick_name: '学员0013' })
        .where('id', '=', first.id)
        .execute();
      const third = (await detail(await t.loginBySms('13600000013'))).data;
      expect(third.nick_name).toMatch(/^学员0013\d{4}$/);
      expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    });

    it('logs an existing member in without creating another', async () => {
      const first = await detail(await t.loginBySms('13700000003'));
      await t.allowNextSms('13700000003');
      const second = await detail(await t.loginBySms('13700000003'));
      expect(second.data.id).toBe(first.data.id);
      const count = await t.services.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mobile', '=', '13700000003')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    // A MeEdu member's hash as PHP's password_hash writes it (the PHP manual's example).
    const PHP_BCRYPT = '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a';

    it('logs in a member brought from MeEdu with the bcrypt password and rehashes it to scrypt then', async () => {
      await t.services.db
        .insertInto('users')
        .values({
          mobile: '13700000014',
          nick_name: 'meedu-member',
          password: PHP_BCRYPT,
          is_password_set: 1,
        })
        .execute();
      expect(await passwordLogin({ mobile: '13700000014', password: 'rasmuslerdorF' })).toMatchObject({
        code: 1,
        message: '手机号或密码错误',
      });
      const stored = () =>
        t.services.db
          .selectFrom('users')
          .select('password')
          .where('mobile', '=', '13700000014')
          .executeTakeFirstOrThrow();
      expect((await stored()).password).toBe(PHP_BCRYPT);
      const res = await passwordLogin({ mobile: '13700000014', password: 'rasmuslerdorf' });
      expect(res.code).toBe(0);
      expect((await detail(res.data.token)).data.mobile).toBe('13700000014');
      const rehashed = (await stored()).password;
      expect(rehashed).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect((await passwordLogin({ mobile: '13700000014', password: 'rasmuslerdorf' })).code).toBe(0);
      expect((await stored()).password).toBe(rehashed);
    });

    it('keeps the bcrypt hash when the login is refused (locked member)', async () => {
      await t.services.db
        .insertInto('users')
        .values({ mobile: '13700000015', nick_name: 'meedu-locked', password: PHP_BCRYPT, is_lock: 1 })
        .execute();
      expect(await passwordLogin({ mobile: '13700000015', password: 'rasmuslerdorf' })).toMatchObject({
        code: 1,
        message: '账号已被锁定',
      });
      const row = await t.services.db
        .selectFrom('users')
        .select('password')
        .where('mobile', '=', '13700000015')
        .executeTakeFirstOrThrow();
      expect(row.password).toBe(PHP_BCRYPT);
    });

    it('refuses a locked member with 账号已被锁定', async () => {
      await memberWithPassword('13700000004', 'secret1', { is_lock: 1 });
      const code = await t.sendSms('13700000004');
      expect(await mobileLogin({ mobile: '13700000004', mobile_code: code })).toMatchObject({
        code: 1,
        message: '账号已被锁定',
      });
    });

    it('gives the register credit reward when configured', async () => {
      await t.services.settings.set('credit1_reward.register', '5');
      try {
        const member = (await detail(await t.loginBySms('13700000005'))).data;
        expect(member.credit1).toBe(5);
        const messages = await t.services.db
          .selectFrom('notifications')
          .select('message')
          .where('user_id', '=', member.id)
          .orderBy('id')
          .execute();
        expect(messages.map((m) => m.message)).toEqual(['用户注册成功', '积分变动:5，备注:注册送5积分']);
      } finally {
        await t.services.settings.set('credit1_reward.register', '0');
      }
    });

    it('records the login with platform, ip and user agent', async () => {
      const token = await t.loginBySms('13700000006');
      const claims = t.services.tokens.read(token)!;
      const record = await t.services.db
        .selectFrom('user_login_records')
        .selectAll()
        .where('jti', '=', claims.jti)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({
        platform: 'APP',
        iss: 'http://api.test/api/v2/login/mobile',
        revoked_at: null,
      });
      expect(record.ip).toBeTruthy();
      expect(claims.exp - claims.iat).toBe(14 * 24 * 3600);
    });
  });

  describe('POST /api/v2/login/password', () => {
    beforeAll(() => memberWithPassword('13700000010', 'right-password'));

    it.each([
      [{ password: 'x' }, '请输入手机号'],
      [{ mobile: '13700000010' }, '请输入密码'],
      [{ mobile: '13700000010', password: '' }, '请输入密码'],
      [{}, '请输入手机号,请输入密码'],
    ])('rejects %j with “%s”', async (payload, message) => {
      expect(await passwordLogin(payload)).toMatchObject({ code: 1, message });
    });

    it('answers 手机号或密码错误 for a wrong password or an unknown mobile alike', async () => {
      expect(await passwordLogin({ mobile: '13700000010', password: 'wrong' })).toMatchObject({
        code: 1,
        message: '手机号或密码错误',
      });
      expect(await passwordLogin({ mobile: '13700000099', password: 'right-password' })).toMatchObject({
        code: 1,
        message: '手机号或密码错误',
      });
    });

    it('logs in with the right password (not trimmed) and the token works', async () => {
      await memberWithPassword('13700000011', ' spaced ');
      expect((await passwordLogin({ mobile: '13700000011', password: 'spaced' })).code).toBe(1);
      const res = await passwordLogin({ mobile: '13700000011', password: ' spaced ' });
      expect(res.code).toBe(0);
      expect((await detail(res.data.token)).data.mobile).toBe('13700000011');
    });

    it('stores passwords as salted scrypt hashes', async () => {
      const row = await t.services.db
        .selectFrom('users')
        .select('password')
        .where('mobile', '=', '13700000010')
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(row.password).not.toContain('right-password');
    });

    it('refuses a locked member with 账号已被锁定', async () => {
      await memberWithPassword('13700000012', 'pw-locked', { is_lock: 1 });
      expect(await passwordLogin({ mobile: '13700000012', password: 'pw-locked' })).toMatchObject({
        code: 1,
        message: '账号已被锁定',
      });
    });

    it('stops guessing after 10 wrong passwords for a mobile', async () => {
      await memberWithPassword('13700000013', 'pw-guess');
      for (let i = 0; i < 10; i += 1) await passwordLogin({ mobile: '13700000013', password: `guess${i}` });
      expect(await passwordLogin({ mobile: '13700000013', password: 'pw-guess' })).toMatchObject({
        code: 1,
        message: '密码错误次数过多，请稍后再试',
      });
    });
  });
});
