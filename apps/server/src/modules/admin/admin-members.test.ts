import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember, AdminMemberDetail } from '@kezhan/contract/admin/members';
import type { MemberMessagesPage } from '@kezhan/contract/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verifyPassword } from '../../shared/auth/passwords';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { createCourse, createRole, memberId, memberRow } from '../../../test/support/orders';
import { PERMISSION_DENIED_MESSAGE } from './guard';

const DAY_MS = 86_400_000;

describe('operator console: members', () => {
  let t: TestApp;
  let support: AdminClient;
  let editor: AdminClient;
  let finance: AdminClient;
  let superAdmin: AdminClient;
  let aliceToken: string;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    support = await signedInAdmin(t, 'support', 'helpdesk');
    editor = await signedInAdmin(t, 'content', 'editor');
    finance = await signedInAdmin(t, 'finance', 'cashier');
    superAdmin = await signedInAdmin(t, 'super', 'boss');
    aliceToken = await t.loginBySms('13900000001');
    await t.loginBySms('13900000002');
    await t.loginBySms('13911110003');
    aliceId = await memberId(t, '13900000001');
    bobId = await memberId(t, '13900000002');
    await t.services.db
      .updateTable('users')
      .set({ nick_name: '爱丽丝_alice' })
      .where('id', '=', aliceId)
      .execute();
    await t.services.db.updateTable('users').set({ nick_name: '鲍勃' }).where('id', '=', bobId).execute();
  });
  afterAll(() => t.close());

  const search = (client: AdminClient, query: string) =>
    client.request<{ data: AdminMember[]; total: number }>({
      method: 'GET',
      url: `/api/admin/members?${query}`,
    });
  const detail = (id: number) =>
    support.request<AdminMemberDetail>({ method: 'GET', url: `/api/admin/members/${id}` });
  const memberDetail = (token: string) => t.request({ method: 'GET', url: '/api/v2/member/detail', token });

  it('refuses 内容运营 and 财务 every member route, and 财务 messages too', async () => {
    const denied = { code: 403, message: PERMISSION_DENIED_MESSAGE };
    for (const client of [editor, finance]) {
      expect(await search(client, '')).toMatchObject(denied);
      expect(await client.request({ method: 'GET', url: `/api/admin/members/${aliceId}` })).toMatchObject(
        denied,
      );
      expect(
        await client.request({
          method: 'PUT',
          url: `/api/admin/members/${aliceId}/lock`,
          payload: { is_lock: 1 },
        }),
      ).toMatchObject(denied);
      expect(
        await client.request({
          method: 'POST',
          url: `/api/admin/members/${aliceId}/grants`,
          payload: { kind: 'vip', role_id: 1, days: 1, reason: '测试' },
        }),
      ).toMatchObject(denied);
      expect(
        await client.request({
          method: 'PUT',
          url: `/api/admin/members/${aliceId}/mobile`,
          payload: { mobile: '13900009999', reason: '学员来电' },
        }),
      ).toMatchObject(denied);
    }
    expect(
      await finance.request({
        method: 'POST',
        url: `/api/admin/members/${aliceId}/messages`,
        payload: { message: 'x' },
      }),
    ).toMatchObject(denied);
    expect((await memberRow(t, aliceId)).is_lock).toBe(0);
    expect(await auditRows(t, 'member.lock')).toEqual([]);
  });

  it('searches by mobile prefix, nickname and id, newest first, paged', async () => {
    const byMobile = await search(support, 'keyword=139000');
    expect(byMobile.code).toBe(0);
    expect(byMobile.data.total).toBe(2);
    expect(byMobile.data.data.map((member) => member.id)).toEqual([bobId, aliceId]);
    const byNick = await search(support, `keyword=${encodeURIComponent('alice')}`);
    expect(byNick.data.data.map((member) => member.id)).toEqual([aliceId]);
    expect(byNick.data.data[0]).toMatchObject({
      nick_name: '爱丽丝_alice',
      mobile: '13900000001',
      is_bind_mobile: 1,
      is_lock: 0,
      role_id: 0,
      role_name: '',
    });
    expect((await search(support, `keyword=${bobId}`)).data.data.map((member) => member.id)).toContain(bobId);
    // LIKE wildcards match only themselves.
    expect((await search(support, 'keyword=%25')).data.total).toBe(0);
    const page = await search(support, 'page=2&page_size=1');
    expect(page.data.total).toBe(3);
    expect(page.data.data).toHaveLength(1);
    expect(page.data.data[0].id).toBe(bobId);
    expect(await search(support, 'page_size=101')).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('shows a member: profile, courses with progress, login records, social bindings', async () => {
    const courseId = await createCourse(t, { title: 'SQL 入门' });
    await t.services.db
      .insertInto('user_courses')
      .values({ user_id: bobId, course_id: courseId, charge: 1990 })
      .execute();
    await t.services.db
      .insertInto('course_learn_records')
      .values({ user_id: bobId, course_id: courseId, progress: 40 })
      .execute();
    await t.services.db
      .insertInto('socialites')
      .values({ user_id: bobId, app: 'wechat', app_user_id: 'openid-bob' })
      .execute();
    const order = await t.services.db
      .insertInto('orders')
      .values({
        order_id: 'KZ-TEST-1',
        user_id: bobId,
        charge: 1990,
        amount: 1990,
        status: 9,
        paid_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.db
      .insertInto('order_goods')
      .values(
        ['SQL 入门', '讲义'].map((name) => ({
          order_id: order.id,
          goods_type: 'COURSE' as const,
          goods_id: courseId,
          goods_name: name,
          goods_charge: 1990,
          goods_ori_charge: 1990,
        })),
      )
      .execute();
    const answer = await detail(bobId);
    expect(answer.code).toBe(0);
    expect(answer.data.profile).toMatchObject({
      id: bobId,
      nick_name: '鲍勃',
      mobile: '13900000002',
      is_lock: 0,
    });
    expect(answer.data.courses).toEqual([
      expect.objectContaining({
        course_id: courseId,
        title: 'SQL 入门',
        charge: 19.9,
        progress: 40,
        watched_videos: 0,
      }),
    ]);
    expect(answer.data.login_records).toHaveLength(1);
    expect(answer.data.login_records[0]).toMatchObject({ revoked_at: null });
    expect(answer.data.socials).toEqual([
      expect.objectContaining({ app: 'wechat', app_user_id: 'openid-bob' }),
    ]);
    expect(answer.data.orders).toEqual([
      expect.objectContaining({ order_id: 'KZ-TEST-1', goods: 'SQL 入门、讲义', amount: 19.9, status: 9 }),
    ]);
    expect(answer.data.orders[0].paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await detail(999_999)).toMatchObject({ code: 1, message: '学员不存在' });
  });

  it('locks a member: their token gets 401 at once, logins are refused; unlocking lets them sign in again', async () => {
    expect((await memberDetail(aliceToken)).code).toBe(0);
    const locked = await support.request({
      method: 'PUT',
      url: `/api/admin/members/${aliceId}/lock`,
      payload: { is_lock: 1 },
    });
    expect(locked).toMatchObject({ code: 0 });
    expect(await memberDetail(aliceToken)).toMatchObject({ code: 401, message: '请登录' });
    await t.allowNextSms('13900000001');
    const code = await t.sendSms('13900000001', 'login');
    const login = await t.request({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile: '13900000001', mobile_code: code },
    });
    expect(login).toMatchObject({ code: 1, message: '账号已被锁定' });
    const [row] = await auditRows(t, 'member.lock');
    expect(row).toMatchObject({
      administrator_name: 'helpdesk',
      target_type: 'member',
      target_id: String(aliceId),
    });
    expect(row.before).toEqual({ is_lock: 0 });
    expect(row.after).toEqual({ is_lock: 1, sessions_signed_out: 1 });
    expect((await search(support, 'is_lock=1')).data.data.map((member) => member.id)).toEqual([aliceId]);

    expect(
      await support.request({
        method: 'PUT',
        url: `/api/admin/members/${aliceId}/lock`,
        payload: { is_lock: 0 },
      }),
    ).toMatchObject({ code: 0 });
    // The old token stays signed out; a new login works.
    expect(await memberDetail(aliceToken)).toMatchObject({ code: 401 });
    await t.allowNextSms('13900000001');
    aliceToken = await t.loginBySms('13900000001');
    expect((await memberDetail(aliceToken)).code).toBe(0);
    const [unlock] = await auditRows(t, 'member.unlock');
    expect(unlock.before).toEqual({ is_lock: 1 });
    expect(unlock.after).toEqual({ is_lock: 0, sessions_signed_out: 0 });
  });

  it('grants a course with a reason (access given) and revokes it (access taken back)', async () => {
    const courseId = await createCourse(t, { title: '付费课程 A', charge: 199 });
    const grant = (payload: object) =>
      superAdmin.request({ method: 'POST', url: `/api/admin/members/${aliceId}/grants`, payload });
    const revoke = (payload: object) =>
      superAdmin.request({ method: 'POST', url: `/api/admin/members/${aliceId}/revocations`, payload });
    const isBuy = async () =>
      (
        await t.request<{ isBuy: boolean }>({
          method: 'GET',
          url: `/api/v2/course/${courseId}`,
          token: aliceToken,
        })
      ).data.isBuy;

    expect(await grant({ kind: 'course', course_id: courseId })).toMatchObject({
      code: 1,
      message: '请填写原因（200 字以内）',
    });
    expect(await grant({ kind: 'course', reason: '补偿' })).toMatchObject({ code: 1, message: '请选择课程' });
    expect(await grant({ kind: 'book', reason: '补偿' })).toMatchObject({
      code: 1,
      message: '请选择课程或会员',
    });
    expect(await grant({ kind: 'course', course_id: 999_999, reason: '补偿' })).toMatchObject({
      code: 1,
      message: '课程不存在',
    });
    expect(await isBuy()).toBe(false);
    expect(await grant({ kind: 'course', course_id: courseId, reason: '直播课补偿' })).toMatchObject({
      code: 0,
    });
    expect(await isBuy()).toBe(true);
    expect(await grant({ kind: 'course', course_id: courseId, reason: '再送' })).toMatchObject({
      code: 1,
      message: '学员已拥有该课程',
    });
    const [granted] = await auditRows(t, 'member.grant_course');
    expect(granted.before).toEqual({ course_id: courseId, title: '付费课程 A', owned: false });
    expect(granted.after).toEqual({
      course_id: courseId,
      title: '付费课程 A',
      owned: true,
      reason: '直播课补偿',
    });

    expect(await revoke({ kind: 'course', course_id: courseId, reason: '误操作' })).toMatchObject({
      code: 0,
    });
    expect(await isBuy()).toBe(false);
    expect(await revoke({ kind: 'course', course_id: courseId, reason: '误操作' })).toMatchObject({
      code: 1,
      message: '学员没有该课程',
    });
    const [revoked] = await auditRows(t, 'member.revoke_course');
    expect(revoked.after).toMatchObject({ owned: false, reason: '误操作' });
  });

  it('grants VIP days on a plan and takes days back', async () => {
    const roleId = await createRole(t, { name: '年度会员', expire_days: 365 });
    // Whoever may grant picks a plan to grant days on, without the right to edit plans.
    const granter = await signedInAdmin(t, 'support', 'granter');
    await t.services.db
      .insertInto('admin_roles')
      .values({
        key: 'granting',
        name: '赠送专员',
        permissions: JSON.stringify(['console.use', 'member.view', 'member.grant']),
      })
      .execute();
    await t.services.db
      .updateTable('administrators')
      .set({ role: 'granting' })
      .where('username', '=', 'granter')
      .execute();
    const plans = await granter.request<{ id: number; name: string; expire_days: number }[]>({
      method: 'GET',
      url: '/api/admin/members/vip-plans',
    });
    expect(plans.data).toContainEqual({ id: roleId, name: '年度会员', expire_days: 365 });
    expect(await granter.request({ method: 'GET', url: '/api/admin/vip-plans' })).toMatchObject({
      code: 403,
    });
    // 客服 may not grant (a sensitive permission, not in its preset).
    expect(await support.request({ method: 'GET', url: '/api/admin/members/vip-plans' })).toMatchObject({
      code: 403,
    });
    const grant = (payload: object) =>
      granter.request({ method: 'POST', url: `/api/admin/members/${bobId}/grants`, payload });
    expect(await grant({ kind: 'vip', role_id: roleId, reason: '活动' })).toMatchObject({
      code: 1,
      message: '请填写天数',
    });
    expect(await grant({ kind: 'vip', role_id: roleId, days: 0, reason: '活动' })).toMatchObject({
      code: 1,
      message: '天数须为 1 到 36500 之间的整数',
    });
    expect(await grant({ kind: 'vip', days: 30, reason: '活动' })).toMatchObject({
      code: 1,
      message: '请选择会员计划',
    });
    const revokeFirst = await granter.request({
      method: 'POST',
      url: `/api/admin/members/${bobId}/revocations`,
      payload: { kind: 'vip', days: 3, reason: '活动' },
    });
    expect(revokeFirst).toMatchObject({ code: 1, message: '学员当前不是会员' });

    const before = Date.now();
    expect(await grant({ kind: 'vip', role_id: roleId, days: 30, reason: '活动奖励' })).toMatchObject({
      code: 0,
    });
    const member = await memberRow(t, bobId);
    expect(member.role_id).toBe(roleId);
    const expiry = new Date(member.role_expired_at!).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 5000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 5000);
    const listed = await search(support, `keyword=${encodeURIComponent('鲍勃')}`);
    expect(listed.data.data[0].role_name).toBe('年度会员');

    expect(
      await granter.request({
        method: 'POST',
        url: `/api/admin/members/${bobId}/revocations`,
        payload: { kind: 'vip', days: 10, reason: '退回部分' },
      }),
    ).toMatchObject({ code: 0 });
    const after = await memberRow(t, bobId);
    expect(new Date(after.role_expired_at!).getTime()).toBe(expiry - 10 * DAY_MS);
    const [granted] = await auditRows(t, 'member.grant_vip');
    expect(granted.before).toMatchObject({ role_id: 0 });
    expect(granted.after).toEqual({
      role_id: roleId,
      role_expired_at: new Date(expiry).toISOString(),
      days: 30,
      reason: '活动奖励',
    });
    const [revoked] = await auditRows(t, 'member.revoke_vip');
    expect(revoked.after).toMatchObject({
      role_expired_at: new Date(expiry - 10 * DAY_MS).toISOString(),
      days: 10,
    });
  });

  it("changes a member's mobile with Chinese messages for a bad, unchanged or taken number", async () => {
    const change = (mobile: unknown, reason: unknown = '学员换号，来电核实身份') =>
      superAdmin.request({
        method: 'PUT',
        url: `/api/admin/members/${bobId}/mobile`,
        payload: { mobile, reason },
      });
    // 客服 may not change a member's mobile (a sensitive permission, not in its preset).
    expect(
      await support.request({
        method: 'PUT',
        url: `/api/admin/members/${bobId}/mobile`,
        payload: { mobile: '13988886666', reason: '学员来电' },
      }),
    ).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    expect(await change('13988886666', '')).toMatchObject({
      code: 1,
      message: '请填写修改原因（200 字以内）',
    });
    expect(await change('13988886666', '原'.repeat(201))).toMatchObject({
      code: 1,
      message: '请填写修改原因（200 字以内）',
    });
    expect(await change('')).toMatchObject({ code: 1, message: '请输入手机号' });
    expect(await change('12345')).toMatchObject({ code: 1, message: '请输入正确的手机号' });
    expect(await change('13900000002')).toMatchObject({ code: 1, message: '新手机号与当前手机号相同' });
    expect(await change('13900000001')).toMatchObject({ code: 1, message: '该手机号已被其他学员使用' });
    expect((await memberRow(t, bobId)).mobile).toBe('13900000002');
    await t.allowNextSms('13900000002');
    const bobToken = await t.loginBySms('13900000002');
    expect((await memberDetail(bobToken)).code).toBe(0);
    t.smsLines.length = 0;
    expect(await change('13988886666')).toMatchObject({ code: 0 });
    expect((await memberRow(t, bobId)).mobile).toBe('13988886666');
    const [row] = await auditRows(t, 'member.mobile');
    expect(row).toMatchObject({ administrator_name: 'boss', target_id: String(bobId) });
    expect(row.before).toEqual({ mobile: '13900000002' });
    expect(row.after).toEqual({
      mobile: '13988886666',
      reason: '学员换号，来电核实身份',
      sessions_signed_out: 2,
      sms_notice_to: '139****0002',
    });
    // The old mobile is told by SMS once the change is made (the provider sends notices).
    expect(t.smsLines).toEqual(['[sms] mobile=13900000002 notice=mobile_changed']);
    // Every device of the member is signed out at once, and the member is told.
    expect(await memberDetail(bobToken)).toMatchObject({ code: 401 });
    const told = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', bobId)
      .execute();
    expect(JSON.stringify(told)).toContain(
      '您的登录手机号已由客服更改为 139****6666，所有设备已退出登录；如非本人申请，请立即联系客服',
    );
  });

  it("resets a member's password with a reason: signed out everywhere, told, audited without the password", async () => {
    const reset = (payload: object, client = superAdmin) =>
      client.request({ method: 'PUT', url: `/api/admin/members/${aliceId}/password`, payload });
    expect(await reset({ password: 'new-pass-1', reason: '学员来电' }, support)).toMatchObject({
      code: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    expect(await reset({ password: 'new-pass-1' })).toMatchObject({
      code: 1,
      message: '请填写修改原因（200 字以内）',
    });
    expect(await reset({ password: '123', reason: '学员来电' })).toMatchObject({
      code: 1,
      message: '密码长度不能少于6个字符',
    });
    expect(await reset({ password: 'x'.repeat(17), reason: '学员来电' })).toMatchObject({
      code: 1,
      message: '密码长度不能多于16个字符',
    });
    await t.allowNextSms('13900000001');
    const token = await t.loginBySms('13900000001');
    expect((await memberDetail(token)).code).toBe(0);
    t.smsLines.length = 0;
    expect(await reset({ password: 'new-pass-1', reason: '学员忘记密码，来电核实身份' })).toMatchObject({
      code: 0,
    });
    expect(await memberDetail(token)).toMatchObject({ code: 401 });
    const member = await t.services.db
      .selectFrom('users')
      .select(['password', 'is_password_set'])
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(member.is_password_set).toBe(1);
    expect(await verifyPassword('new-pass-1', member.password)).toBe(true);
    const told = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', aliceId)
      .execute();
    expect(told.map((row) => row.message)).toContain(
      '您的登录密码已由客服重置，所有设备已退出登录；如非本人申请，请立即联系客服',
    );
    expect(t.smsLines).toEqual(['[sms] mobile=13900000001 notice=password_reset']);
    const [row] = await auditRows(t, 'member.password_reset');
    expect(row).toMatchObject({ administrator_name: 'boss', target_id: String(aliceId), before: null });
    expect(row.after).toMatchObject({ reason: '学员忘记密码，来电核实身份', sms_notice_to: '139****0001' });
    expect(JSON.stringify(row)).not.toContain('new-pass-1');
    await t.allowNextSms('13900000001');
    aliceToken = await t.loginBySms('13900000001');
  });

  it('writes a message to one member at once: listed in their inbox and counted unread', async () => {
    const unread = async () =>
      (
        await t.request<number>({
          method: 'GET',
          url: '/api/v2/member/unreadNotificationCount',
          token: aliceToken,
        })
      ).data;
    const count = await unread();
    const send = (message: unknown, client = editor) =>
      client.request({ method: 'POST', url: `/api/admin/members/${aliceId}/messages`, payload: { message } });
    expect(await send('  ')).toMatchObject({ code: 1, message: '请输入消息内容（500 字以内）' });
    expect(await send('x'.repeat(501))).toMatchObject({ code: 1, message: '请输入消息内容（500 字以内）' });
    expect(
      await support.request({
        method: 'POST',
        url: '/api/admin/members/999999/messages',
        payload: { message: '你好' },
      }),
    ).toMatchObject({ code: 1, message: '学员不存在' });
    expect(await send('您的课程已开通，请查收')).toMatchObject({ code: 0 });
    expect(await unread()).toBe(count + 1);
    const inbox = await t.request<MemberMessagesPage>({
      method: 'GET',
      url: '/api/v2/member/messages?page_size=1',
      token: aliceToken,
    });
    expect(inbox.data.data[0]).toMatchObject({ data: { message: '您的课程已开通，请查收' }, read_at: null });
    const [row] = await auditRows(t, 'member.message');
    expect(row).toMatchObject({ administrator_name: 'editor', target_id: String(aliceId), before: null });
    expect(row.after).toEqual({ message: '您的课程已开通，请查收' });
  });

  it('lets 超级管理员 do everything 客服 does', async () => {
    expect((await search(superAdmin, 'keyword=139')).code).toBe(0);
  });
});
