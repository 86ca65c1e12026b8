import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComment } from '@kezhan/contract/admin/comments';
import type { CommentListV3 } from '@kezhan/contract/comments';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';

type Queue = { data: AdminComment[]; total: number };

describe('console: comment moderation queue, bulk decisions and the 审核 switch', () => {
  let t: TestApp;
  let editor: AdminClient;
  let support: AdminClient;
  let finance: AdminClient;
  let alice: TestMember;
  let courseId: number;
  let otherCourseId: number;
  let videoId: number;
  let clock = new Date('2026-05-01T02:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    editor = await signedInAdmin(t, 'content', 'editor');
    support = await signedInAdmin(t, 'support', 'helpdesk');
    finance = await signedInAdmin(t, 'finance', 'cashier');
    alice = await newMember(t);
    courseId = await addCourse(t.services.db, { title: 'Python 入门' });
    otherCourseId = await addCourse(t.services.db, { title: '数据分析' });
    videoId = await addVideo(t.services.db, courseId);
    await grantCourse(t.services.db, alice.id, courseId);
    await grantCourse(t.services.db, alice.id, otherCourseId);
  });
  afterAll(() => t.close());

  const queue = async (query = '') =>
    (await editor.request<Queue>({ method: 'GET', url: `/api/admin/comments${query}` })).data;
  const moderate = (payload: object, client = editor) =>
    client.request<{ count: number }>({ method: 'POST', url: '/api/admin/comments/moderate', payload });
  const comment = (rt: number, rid: number, content: string) =>
    t.request({
      method: 'POST',
      url: '/api/v3/comment/store',
      token: alice.token,
      payload: { rt, rid, content, parent_id: 0, reply_id: 0 },
    });
  const shown = async (rt: number, rid: number) =>
    (
      await t.request<CommentListV3>({ method: 'GET', url: `/api/v3/comments?rt=${rt}&rid=${rid}` })
    ).data.data.map((c) => [c.content, c.is_check]);

  it('refuses the roles that may not edit courses', async () => {
    for (const client of [support, finance]) {
      expect(await client.request({ method: 'GET', url: '/api/admin/comments' })).toMatchObject({
        code: 403,
        message: '没有权限执行此操作',
      });
      expect(await moderate({ ids: [1], action: 'approve' }, client)).toMatchObject({ code: 403 });
      expect(
        await client.request({
          method: 'PUT',
          url: '/api/admin/comment-settings',
          payload: { need_approval: 1 },
        }),
      ).toMatchObject({ code: 403 });
    }
  });

  it('the 审核 switch: on, new comments wait in the queue unseen; audited', async () => {
    expect((await editor.request({ method: 'GET', url: '/api/admin/comment-settings' })).data).toEqual({
      need_approval: 0,
    });
    const on = await editor.request({
      method: 'PUT',
      url: '/api/admin/comment-settings',
      payload: { need_approval: true },
    });
    expect(on).toMatchObject({ code: 0, data: { need_approval: 1 } });
    expect((await auditRows(t, 'comment.settings'))[0]).toMatchObject({
      administrator_name: 'editor',
      target_id: 'comment.need_approval',
    });
    expect(
      await editor.request({
        method: 'PUT',
        url: '/api/admin/comment-settings',
        payload: { need_approval: 3 },
      }),
    ).toMatchObject({ code: 1, message: '审核开关须为 0 或 1' });

    expect((await comment(1, courseId, '课程很好')).code).toBe(0);
    expect((await comment(2, videoId, '第一课讲得清楚')).code).toBe(0);
    // Two days later (then back, so the console session stays within its idle limit).
    clock = new Date('2026-05-03T02:00:00Z');
    expect((await comment(1, otherCourseId, '数据分析 100% 推荐')).code).toBe(0);
    clock = new Date('2026-05-01T02:30:00Z');
    expect(await shown(1, courseId)).toEqual([['', 0]]);
  });

  it('lists the queue across courses and lessons with filters', async () => {
    const pending = await queue('?status=pending');
    expect(pending.total).toBe(3);
    expect(pending.data.map((c) => [c.content, c.course_title, c.video_title, c.status])).toEqual([
      ['数据分析 100% 推荐', '数据分析', '', 'pending'],
      ['第一课讲得清楚', 'Python 入门', expect.any(String), 'pending'],
      ['课程很好', 'Python 入门', '', 'pending'],
    ]);
    expect(pending.data[1].video_title).not.toBe('');
    expect((await queue(`?course_id=${courseId}`)).data.map((c) => c.content)).toEqual([
      '第一课讲得清楚',
      '课程很好',
    ]);
    expect((await queue('?keyword=100%25')).data.map((c) => c.content)).toEqual(['数据分析 100% 推荐']);
    expect((await queue('?keyword=%25')).total).toBe(1);
    expect((await queue('?from=2026-05-02')).data.map((c) => c.content)).toEqual(['数据分析 100% 推荐']);
    expect((await queue('?to=2026-05-01')).total).toBe(2);
    expect(await editor.request({ method: 'GET', url: '/api/admin/comments?from=2026-13-01' })).toMatchObject(
      {
        code: 1,
        message: '日期格式错误',
      },
    );
    expect(await editor.request({ method: 'GET', url: '/api/admin/comments?status=bad' })).toMatchObject({
      code: 1,
    });
  });

  it('approves in bulk: the approved comments show to members, the others stay hidden; audited', async () => {
    const pending = await queue(`?status=pending&course_id=${courseId}`);
    const ids = pending.data.map((c) => c.id);
    expect(await moderate({ ids: [...ids, 99999], action: 'approve' })).toMatchObject({
      code: 0,
      data: { count: 2 },
    });
    expect(await shown(1, courseId)).toEqual([['课程很好', 1]]);
    expect(await shown(2, videoId)).toEqual([['第一课讲得清楚', 1]]);
    expect(await shown(1, otherCourseId)).toEqual([['', 0]]);
    const [row] = await auditRows(t, 'comment.approve');
    expect(row.before).toEqual(ids.sort((a, b) => a - b).map((id) => ({ id, status: 'pending' })));
    expect((await queue('?status=pending')).total).toBe(1);
  });

  it('rejects with a reason (the thread leaves the site) and deletes with replies', async () => {
    const [top] = (await queue(`?course_id=${courseId}&keyword=课程很好`)).data;
    await t.services.db
      .insertInto('comments')
      .values({
        rt: 1,
        rid: courseId,
        user_id: alice.id,
        parent_id: top.id,
        content: '同意',
        status: 'approved',
      })
      .execute();
    expect(await moderate({ ids: [top.id], action: 'reject', reason: '广告' })).toMatchObject({
      data: { count: 1 },
    });
    expect(await shown(1, courseId)).toEqual([]);
    const rejected = await queue('?status=rejected');
    expect(rejected.data.map((c) => [c.content, c.check_reason])).toEqual([
      ['同意', '广告'],
      ['课程很好', '广告'],
    ]);
    expect((await auditRows(t, 'comment.reject'))[0].after).toEqual({ ids: [top.id], reason: '广告' });

    expect(await moderate({ ids: [top.id], action: 'delete' })).toMatchObject({ data: { count: 1 } });
    expect((await queue(`?course_id=${courseId}`)).data.map((c) => c.content)).toEqual(['第一课讲得清楚']);
    expect((await auditRows(t, 'comment.delete'))[0].target_id).toBe(String(top.id));
  });

  it('refuses an empty or oversized selection and an unknown action in Chinese', async () => {
    expect(await moderate({ ids: [], action: 'approve' })).toMatchObject({ code: 1, message: '请选择评论' });
    expect(
      await moderate({ ids: Array.from({ length: 201 }, (_, i) => i + 1), action: 'approve' }),
    ).toMatchObject({
      code: 1,
      message: '一次最多处理 200 条评论',
    });
    expect(await moderate({ ids: [1], action: 'publish' })).toMatchObject({ code: 1 });
    expect(await moderate({ ids: [99999], action: 'delete' })).toMatchObject({ code: 0, data: { count: 0 } });
  });
});
