import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBroadcast } from '@kezhan/contract/admin/members';
import type { MemberMessagesPage } from '@kezhan/contract/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { createCourse } from '../../../test/support/orders';
import { JobScheduler } from '../../kernel/scheduler';
import { JOBS } from '../registry';
import { deliverBatch, deliverBroadcasts } from './broadcasts';

const MEMBERS = 1234;

describe('console messages: broadcasts delivered in batches by a job', () => {
  let t: TestApp;
  let editor: AdminClient;
  let firstId: number;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    const rows = await t.services.db
      .insertInto('users')
      .values(
        Array.from({ length: MEMBERS }, (_, index) => ({
          mobile: `1770${String(index).padStart(7, '0')}`,
          nick_name: `批量学员${index}`,
          password: '',
          created_at: new Date(Date.UTC(2026, 0, 1 + (index % 20), 4)),
        })),
      )
      .returning('id')
      .execute();
    ids = rows.map((row) => row.id).sort((a, b) => a - b);
    firstId = ids[0];
  });
  afterAll(() => t.close());

  const create = (payload: object) =>
    editor.request<{ id: number }>({ method: 'POST', url: '/api/admin/broadcasts', payload });
  const list = async () =>
    (
      await editor.request<{ data: AdminBroadcast[]; total: number }>({
        method: 'GET',
        url: '/api/admin/broadcasts',
      })
    ).data;
  const broadcastRow = (id: number) =>
    t.services.db.selectFrom('message_broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const deliveredTo = async (id: number) =>
    (
      await t.services.db
        .selectFrom('notifications')
        .select('user_id')
        .where('broadcast_id', '=', id)
        .orderBy('user_id')
        .execute()
    ).map((row) => row.user_id);

  it('checks the audience with Chinese messages', async () => {
    expect(await create({ message: '你好' })).toMatchObject({ code: 1, message: '请选择发送对象' });
    expect(await create({ message: '', audience: 'all' })).toMatchObject({
      code: 1,
      message: '请输入消息内容（500 字以内）',
    });
    expect(await create({ message: '你好', audience: 'course' })).toMatchObject({
      code: 1,
      message: '请选择课程',
    });
    expect(await create({ message: '你好', audience: 'course', course_id: 999_999 })).toMatchObject({
      code: 1,
      message: '课程不存在',
    });
    expect(await create({ message: '你好', audience: 'member' })).toMatchObject({
      code: 1,
      message: '请选择学员',
    });
    expect(await create({ message: '你好', audience: 'member', member_id: 999_999 })).toMatchObject({
      code: 1,
      message: '学员不存在',
    });
    expect(
      await create({ message: '你好', audience: 'registered', registered_from: '2026-01-01' }),
    ).toMatchObject({
      code: 1,
      message: '请选择注册日期范围',
    });
    expect(
      await create({
        message: '你好',
        audience: 'registered',
        registered_from: '2026-02-01',
        registered_to: '2026-01-01',
      }),
    ).toMatchObject({ code: 1, message: '开始日期不能晚于结束日期' });
    expect(
      await create({
        message: '你好',
        audience: 'registered',
        registered_from: '2026/01/01',
        registered_to: '2026-01-02',
      }),
    ).toMatchObject({ code: 1, message: '日期格式须为 YYYY-MM-DD' });
    expect(await t.services.db.selectFrom('message_broadcasts').select('id').execute()).toEqual([]);
    const finance = await signedInAdmin(t, 'finance', 'cashier');
    expect(await finance.request({ method: 'GET', url: '/api/admin/broadcasts' })).toMatchObject({
      code: 403,
      message: '没有权限执行此操作',
    });
  });

  it('states the audience size before sending, with the same checks, writing nothing', async () => {
    const size = (query: string, admin = editor) =>
      admin.request<{ total: number }>({ method: 'GET', url: `/api/admin/broadcasts/audience?${query}` });
    expect((await size('audience=all')).data).toEqual({ total: MEMBERS });
    // Registered on 1 or 2 January (China time): every index whose day (index % 20) is 0 or 1.
    expect(
      (await size('audience=registered&registered_from=2026-01-01&registered_to=2026-01-02')).data,
    ).toEqual({
      total: 124,
    });
    expect((await size(`audience=member&member_id=${ids[3]}`)).data).toEqual({ total: 1 });
    expect((await size('audience=vip')).data).toEqual({ total: 0 });
    for (const [query, message] of [
      ['', '请选择发送对象'],
      ['audience=member', '请选择学员'],
      ['audience=member&member_id=999999', '学员不存在'],
      ['audience=member&member_id=abc', '请输入学员 ID'],
      ['audience=course', '请选择课程'],
      ['audience=course&course_id=999999', '课程不存在'],
      ['audience=registered&registered_from=2026-01-01', '请选择注册日期范围'],
      ['audience=registered&registered_from=2026-02-01&registered_to=2026-01-01', '开始日期不能晚于结束日期'],
    ])
      expect(await size(query)).toMatchObject({ code: 1, message });
    expect(await t.services.db.selectFrom('message_broadcasts').select('id').execute()).toEqual([]);

    const support = await signedInAdmin(t, 'support', 'helpdesk');
    expect((await size('audience=all', support)).data).toEqual({ total: MEMBERS });
    const finance = await signedInAdmin(t, 'finance', 'bookkeeper');
    expect(await size('audience=all', finance)).toMatchObject({ code: 403, message: '没有权限执行此操作' });
  });

  it('finds members for the picker by the beginning of a mobile or part of a nickname, mobiles masked', async () => {
    const search = (keyword: string, admin = editor) =>
      admin.request<{ id: number; nick_name: string; mobile: string }[]>({
        method: 'GET',
        url: `/api/admin/broadcasts/recipients?keyword=${encodeURIComponent(keyword)}`,
      });
    expect((await search('批量学员1233')).data).toEqual([
      { id: ids[1233], nick_name: '批量学员1233', mobile: '177****1233' },
    ]);
    expect((await search('17700001233')).data).toEqual([
      { id: ids[1233], nick_name: '批量学员1233', mobile: '177****1233' },
    ]);
    // The beginning of a mobile: newest first, 20 at most.
    const many = (await search('1770000')).data;
    expect(many.map((member) => member.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(many.every((member) => /^177\*{4}\d{4}$/.test(member.mobile))).toBe(true);
    expect((await search('%')).data).toEqual([]);
    expect((await search('  ')).message).toBe('请输入学员手机号或昵称');
    expect((await search('x'.repeat(33))).message).toBe('请输入学员手机号或昵称');
    const finance = await signedInAdmin(t, 'finance', 'auditor');
    expect(await search('1770000', finance)).toMatchObject({ code: 403, message: '没有权限执行此操作' });
  });

  it('writes a message to one member at once, with no job', async () => {
    const created = await create({ message: '单独通知', audience: 'member', member_id: ids[5] });
    expect(created.code).toBe(0);
    expect(await deliveredTo(created.data.id)).toEqual([ids[5]]);
    const [item] = (await list()).data;
    expect(item).toMatchObject({
      id: created.data.id,
      audience: 'member',
      audience_text: `学员 #${ids[5]}`,
      state: 'done',
      total: 1,
      sent: 1,
      administrator_name: 'editor',
    });
    expect(item.finished_at).not.toBeNull();
  });

  it('sends to everyone in batches of 500, resumes after a crash mid-batch, never twice to one member', async () => {
    const created = await create({ message: '平台升级通知', audience: 'all' });
    expect(created.code).toBe(0);
    const id = created.data.id;
    const row = (await auditRows(t, 'broadcast.create')).at(-1)!;
    expect(row).toMatchObject({
      administrator_name: 'editor',
      target_type: 'broadcast',
      target_id: String(id),
    });
    expect(row.after).toMatchObject({ message: '平台升级通知', audience: 'all', total: MEMBERS });
    expect((await list()).data[0]).toMatchObject({
      state: 'queued',
      total: MEMBERS,
      sent: 0,
      audience_text: '全部学员',
    });

    // One batch, then the run ends (its budget is spent).
    expect(await deliverBroadcasts(t.services.db, new Date(), { maxBatches: 1 })).toEqual({
      batches: 1,
      broadcasts_finished: 0,
    });
    expect(await broadcastRow(id)).toMatchObject({ state: 'sending', sent: 500, last_user_id: ids[499] });
    expect(await deliveredTo(id)).toEqual(ids.slice(0, 500));

    // The next batch dies half-way: the database refuses one member's row.
    await sql`create function refuse_one() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${sql.lit(ids[750])} then raise exception 'simulated crash'; end if;
        return new;
      end $$`.execute(t.services.db);
    await sql`create trigger refuse_one before insert on notifications for each row execute function refuse_one()`.execute(
      t.services.db,
    );
    await expect(deliverBatch(t.services.db, id, 500, new Date())).rejects.toThrow(/simulated crash/);
    expect(await broadcastRow(id)).toMatchObject({ state: 'sending', sent: 500, last_user_id: ids[499] });
    expect(await deliveredTo(id)).toHaveLength(500);
    await sql`drop trigger refuse_one on notifications`.execute(t.services.db);

    // A restarted node's job takes over from the stored cursor and finishes.
    const scheduler = new JobScheduler(t.services, { jobs: JOBS });
    const outcome = await scheduler.runNow('message-broadcasts', { force: true });
    expect(outcome).toMatchObject({ outcome: 'succeeded', result: { batches: 2, broadcasts_finished: 1 } });
    const delivered = await deliveredTo(id);
    expect(delivered).toEqual(ids);
    expect(new Set(delivered).size).toBe(MEMBERS);
    const done = await broadcastRow(id);
    expect(done).toMatchObject({ state: 'done', sent: MEMBERS, total: MEMBERS });
    expect(done.finished_at).not.toBeNull();
    expect((await list()).data[0]).toMatchObject({ id, state: 'done', sent: MEMBERS, total: MEMBERS });

    // Running again changes nothing; a second copy is refused by the database itself.
    expect(await deliverBroadcasts(t.services.db, new Date())).toEqual({
      batches: 0,
      broadcasts_finished: 0,
    });
    await expect(
      t.services.db
        .insertInto('notifications')
        .values({ user_id: firstId, message: '平台升级通知', broadcast_id: id })
        .execute(),
    ).rejects.toThrow();
    expect(await deliveredTo(id)).toHaveLength(MEMBERS);
  });

  it('reaches only the chosen group: VIP members, buyers of a course, a registration range', async () => {
    const now = new Date();
    await t.services.db
      .updateTable('users')
      .set({ role_id: 1, role_expired_at: new Date(now.getTime() + 86_400_000) })
      .where('id', 'in', [ids[1], ids[2]])
      .execute();
    await t.services.db
      .updateTable('users')
      .set({ role_id: 1, role_expired_at: new Date(now.getTime() - 1000) })
      .where('id', '=', ids[3])
      .execute();
    const courseId = await createCourse(t, { title: 'SQL 入门' });
    await t.services.db
      .insertInto('user_courses')
      .values([ids[10], ids[11], ids[12]].map((userId) => ({ user_id: userId, course_id: courseId })))
      .execute();

    const vip = await create({ message: 'VIP 专享', audience: 'vip' });
    const buyers = await create({ message: '课程更新', audience: 'course', course_id: courseId });
    // Registered on 2026-01-03 (UTC+8): index % 20 === 2.
    const range = await create({
      message: '新人礼包',
      audience: 'registered',
      registered_from: '2026-01-03',
      registered_to: '2026-01-03',
    });
    const items = (await list()).data;
    expect(items.slice(0, 3).map((item) => [item.audience_text, item.total])).toEqual([
      ['2026-01-03 至 2026-01-03 注册的学员', ids.filter((_, index) => index % 20 === 2).length],
      ['购买课程「SQL 入门」的学员', 3],
      ['VIP 会员', 2],
    ]);
    await deliverBroadcasts(t.services.db, new Date());
    expect(await deliveredTo(vip.data.id)).toEqual([ids[1], ids[2]]);
    expect(await deliveredTo(buyers.data.id)).toEqual([ids[10], ids[11], ids[12]]);
    expect(await deliveredTo(range.data.id)).toEqual(ids.filter((_, index) => index % 20 === 2));
    const states = (await list()).data.slice(0, 3).map((item) => [item.state, item.sent === item.total]);
    expect(states).toEqual([
      ['done', true],
      ['done', true],
      ['done', true],
    ]);
  });

  it('shows a delivered group message in the member’s h5 inbox, counted unread', async () => {
    const token = await t.loginBySms('13500000001');
    const unread = async () =>
      (await t.request<number>({ method: 'GET', url: '/api/v2/member/unreadNotificationCount', token })).data;
    expect(await unread()).toBe(1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const created = await create({
      message: '今天注册的同学：欢迎加入',
      audience: 'registered',
      registered_from: today,
      registered_to: today,
    });
    expect((await list()).data[0]).toMatchObject({ id: created.data.id, state: 'queued', total: 1 });
    expect(await unread()).toBe(1);
    await deliverBroadcasts(t.services.db, new Date());
    expect(await unread()).toBe(2);
    const inbox = await t.request<MemberMessagesPage>({
      method: 'GET',
      url: '/api/v2/member/messages',
      token,
    });
    expect(inbox.data.data[0]).toMatchObject({
      data: { message: '今天注册的同学：欢迎加入' },
      read_at: null,
    });
    expect(Object.keys(inbox.data.data[0]).sort()).toEqual([
      'created_at',
      'data',
      'id',
      'notifiable_id',
      'read_at',
    ]);
  });
});
