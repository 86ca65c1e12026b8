import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rawDateTime } from '../../shared/time';
import { runCommand } from '../../cli/run-command';

const DAY = 24 * 3600 * 1000;

describe('member CLI commands', () => {
  let t: TestApp;
  let clock = Date.parse('2024-05-06T09:00:00Z');
  let id: number;
  let token: string;
  let roleId: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    token = await t.loginBySms('13100000001');
    id = (await t.request<{ id: number }>({ method: 'GET', url: '/api/v2/member/detail', token })).data.id;
    roleId = (
      await t.services.db
        .insertInto('roles')
        .values({ name: '年度会员', charge: 99, expire_days: 365 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const cli = (...argv: string[]) => runCommand(t.services, argv);
  const relogin = async (mobile: string) => {
    await t.services.store.delete(`sms:cooldown:${mobile}`);
    return t.loginBySms(mobile);
  };
  const user = () =>
    t.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('prints --help for each command without touching anything', async () => {
    for (const name of [
      'member:find',
      'member:lock',
      'member:unlock',
      'member:grant-vip',
      'member:notify',
      'member:run-deletions',
    ]) {
      const result = await runCommand(undefined, [name, '--help']);
      expect(result.exitCode, name).toBe(0);
      expect(result.output[0]).toMatch(new RegExp(`^Usage: npm run cli -- ${name}`));
    }
  });

  it('member:find finds by mobile or id and fails for nobody', async () => {
    const byMobile = await cli('member:find', '13100000001');
    expect(byMobile.exitCode).toBe(0);
    expect(byMobile.output).toHaveLength(1);
    expect(byMobile.output[0]).toContain(`id=${id}  mobile=13100000001`);
    expect(byMobile.output[0]).toContain('locked=no  vip=none');
    expect(byMobile.output[0]).toContain('deletion=none');
    expect((await cli('member:find', String(id))).output[0]).toContain('mobile=13100000001');
    expect(await cli('member:find', '19999999999')).toEqual({
      exitCode: 1,
      output: ['No member matches 19999999999'],
    });
    expect((await cli('member:find')).exitCode).toBe(1);
  });

  it('member:lock stops the member’s tokens and logins; member:unlock restores them', async () => {
    expect(await cli('member:lock', String(id))).toEqual({
      exitCode: 0,
      output: [`Member ${id} (13100000001) locked`],
    });
    expect((await t.request({ method: 'GET', url: '/api/v2/member/detail', token })).code).toBe(401);
    expect((await cli('member:find', String(id))).output[0]).toContain('locked=yes');
    expect((await cli('member:unlock', String(id))).exitCode).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/v2/member/detail', token })).code).toBe(0);
    for (const bad of [
      ['member:lock'],
      ['member:lock', 'abc'],
      ['member:lock', '0'],
      ['member:lock', '99999'],
      ['member:lock', '1', '2'],
    ]) {
      expect((await cli(...bad)).exitCode, bad.join(' ')).toBe(1);
    }
    expect((await cli('member:lock', '99999')).output).toEqual(['No member with id 99999']);
  });

  it('member:grant-vip stacks from the later of now and the current expiry, and tells the member', async () => {
    const first = await cli('member:grant-vip', String(id), String(roleId), '30');
    const expected = new Date(clock + 30 * DAY);
    expect(first).toEqual({
      exitCode: 0,
      output: [`Member ${id} is now 年度会员 until ${rawDateTime(expected)}`],
    });
    expect(await user()).toMatchObject({ role_id: roleId, role_expired_at: expected });
    await cli('member:grant-vip', String(id), String(roleId), '10');
    expect((await user()).role_expired_at).toEqual(new Date(clock + 40 * DAY));
    clock += 100 * DAY;
    await cli('member:grant-vip', String(id), String(roleId), '5');
    expect((await user()).role_expired_at).toEqual(new Date(clock + 5 * DAY));
    const messages = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', id)
      .execute();
    expect(messages.map((m) => m.message)).toContain(
      `已为您开通会员「年度会员」30天，有效期至${rawDateTime(expected)}`,
    );
    const detail = await t.request<{ role: unknown; role_id: number }>({
      method: 'GET',
      url: '/api/v2/member/detail',
      token: await relogin('13100000001'),
    });
    expect(detail.data).toMatchObject({ role_id: roleId, role: { id: roleId, name: '年度会员' } });
  });

  it('member:grant-vip refuses bad input without changing anything', async () => {
    const before = await user();
    for (const args of [
      [String(id), '999', '30'],
      [String(id), String(roleId), '0'],
      [String(id), String(roleId), '-5'],
      [String(id), String(roleId), '36501'],
      [String(id), String(roleId), 'ten'],
      ['99999', String(roleId), '30'],
      [String(id), String(roleId)],
    ]) {
      expect((await cli('member:grant-vip', ...args)).exitCode, args.join(' ')).toBe(1);
    }
    expect((await cli('member:grant-vip', String(id), '999', '30')).output).toEqual([
      'No VIP plan with id 999',
    ]);
    expect(await user()).toEqual(before);
  });

  it('member:notify writes to the inbox, which the unread count shows at once', async () => {
    const token2 = await t.loginBySms('13100000002');
    const id2 = (
      await t.request<{ id: number }>({ method: 'GET', url: '/api/v2/member/detail', token: token2 })
    ).data.id;
    const unreadBefore = (
      await t.request<number>({ method: 'GET', url: '/api/v2/member/unreadNotificationCount', token: token2 })
    ).data;
    expect(await cli('member:notify', String(id2), '课程', '已更新')).toEqual({
      exitCode: 0,
      output: [`Message sent to member ${id2}`],
    });
    expect(
      (
        await t.request<number>({
          method: 'GET',
          url: '/api/v2/member/unreadNotificationCount',
          token: token2,
        })
      ).data,
    ).toBe(unreadBefore + 1);
    const last = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', id2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.message).toBe('课程 已更新');
    expect((await cli('member:notify', String(id2))).exitCode).toBe(1);
    expect((await cli('member:notify', '99999', 'hi')).output).toEqual(['No member with id 99999']);
    expect((await cli('member:notify', String(id2), 'x'.repeat(1001))).exitCode).toBe(1);
  });

  it('member:run-deletions executes due deletions and shows pending ones in member:find', async () => {
    const doomed = await t.loginBySms('13100000003');
    const doomedId = (
      await t.request<{ id: number }>({ method: 'GET', url: '/api/v2/member/detail', token: doomed })
    ).data.id;
    expect((await t.request({ method: 'POST', url: '/api/v3/member/destroy', token: doomed })).code).toBe(0);
    expect((await cli('member:find', '13100000003')).output[0]).toContain(
      `deletion=pending, due ${rawDateTime(new Date(clock + 7 * DAY))}`,
    );
    expect(await cli('member:run-deletions')).toEqual({ exitCode: 0, output: ['Deleted 0 member(s)'] });
    clock += 7 * DAY;
    expect(await cli('member:run-deletions')).toEqual({
      exitCode: 0,
      output: [`Deleted 1 member(s): ${doomedId}`],
    });
    expect((await cli('member:find', '13100000003')).exitCode).toBe(1);
  });
});
