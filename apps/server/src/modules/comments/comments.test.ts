import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentListV3, CommentReplies, CommentThread, StoredComment } from '@kezhan/contract/comments';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';

describe('comments v3: threads, moderation, ip_province, rate limits', () => {
  let t: TestApp;
  let clock = new Date('2026-05-01T02:00:00Z');
  let alice: TestMember;
  let bob: TestMember;
  let stranger: TestMember;
  let courseId: number;
  let videoId: number;

  const store = (member: TestMember, payload: object, headers: Record<string, string> = {}) =>
    t.request<StoredComment>({
      method: 'POST',
      url: '/api/v3/comment/store',
      token: member.token,
      payload,
      headers,
    });
  const list = (rt: number, rid: number) =>
    t.request<CommentListV3>({ method: 'GET', url: `/api/v3/comments?rt=${rt}&rid=${rid}` });
  const replies = (rt: number, rid: number, parent: string) =>
    t.request<CommentReplies>({
      method: 'GET',
      url: `/api/v3/comments/replies?rt=${rt}&rid=${rid}&parent_id=${parent}`,
    });
  const cli = (...argv: string[]) => runCommand(t.services, argv);
  const rowId = async (content: string) =>
    (
      await t.services.db
        .selectFrom('comments')
        .select('id')
        .where('content', '=', content)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    alice = await newMember(t);
    bob = await newMember(t);
    stranger = await newMember(t);
    courseId = await addCourse(t.services.db, { charge: 99 });
    videoId = await addVideo(t.services.db, courseId);
    await grantCourse(t.services.db, alice.id, courseId);
    await grantCourse(t.services.db, bob.id, courseId);
  });
  afterAll(() => t.close());

  it('posts a top-level comment: opaque ids, province from the IP, never the address', async () => {
    const res = await store(
      alice,
      { rt: 1, rid: courseId, content: '<b>讲得很清楚</b>', parent_id: 0, reply_id: 0 },
      { 'x-forwarded-for': '10.0.0.8' },
    );
    expect(res).toMatchObject({ code: 0, message: '' });
    expect(Object.keys(res.data).sort()).toEqual(
      ['content', 'created_at', 'id', 'ip_province', 'is_check', 'parent_id', 'reply_id', 'user'].sort(),
    );
    expect(res.data).toMatchObject({
      content: '讲得很清楚',
      is_check: 1,
      created_at: '2026-05-01T02:00:00.000000Z',
    });
    expect(res.data.id).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(res.data.parent_id).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(res.data.parent_id).toBe(res.data.reply_id);
    expect(JSON.stringify(res.data)).not.toContain('127.0.0.1');
    const listed = await list(1, courseId);
    expect(listed.data.total).toBe(1);
    expect(listed.data.data[0]).toMatchObject({
      id: res.data.id,
      content: '讲得很清楚',
      replies_count: 0,
      replies: [],
    });
    expect(listed.data.data[0]).not.toHaveProperty('ip');
  });

  it('threads replies two levels deep; a reply to a reply names the replied-to author', async () => {
    const [top] = (await list(1, courseId)).data.data;
    const first = (await store(bob, { rt: 1, rid: courseId, content: '同意', parent_id: top.id })).data;
    const second = (
      await store(alice, { rt: 1, rid: courseId, content: '谢谢', parent_id: top.id, reply_id: first.id })
    ).data;
    for (let i = 0; i < 2; i += 1)
      await store(bob, { rt: 1, rid: courseId, content: `补充${i}`, parent_id: top.id });
    const thread = (await list(1, courseId)).data.data[0] as CommentThread;
    expect(thread.replies_count).toBe(4);
    expect(thread.replies.map((r) => r.content)).toEqual(['补充1', '补充0', '谢谢']);
    const all = (await replies(1, courseId, top.id)).data.data;
    expect(all).toHaveLength(4);
    const answer = all.find((r) => r.id === second.id)!;
    const bobName = (all.find((r) => r.id === first.id)!.user as { nick_name: string }).nick_name;
    expect(answer).toMatchObject({
      parent_id: top.id,
      reply_id: first.id,
      reply_user: { nick_name: bobName },
    });
    expect(all.find((r) => r.id === first.id)).not.toHaveProperty('reply_user');
    // Empty parent: every top-level comment, without `total`.
    const everything = (await replies(1, courseId, '')).data;
    expect(Object.keys(everything)).toEqual(['data']);
    expect(everything.data).toHaveLength(1);
    expect((await replies(1, courseId, '0')).data).toEqual(everything);
    // Replying below a reply, or to a thread of another resource, is refused.
    expect(await store(alice, { rt: 1, rid: courseId, content: 'x', parent_id: first.id })).toMatchObject({
      code: 404,
      message: '资源不存在',
    });
    expect(await store(alice, { rt: 2, rid: videoId, content: 'x', parent_id: top.id })).toMatchObject({
      code: 404,
    });
  });

  it('moderation: pending comments show without text until approved; rejected ones disappear', async () => {
    await t.services.settings.set('comment.need_approval', '1');
    const pending = (await store(alice, { rt: 2, rid: videoId, content: '视频评论' })).data;
    expect(pending).toMatchObject({ content: '', is_check: 0 });
    let thread = (await list(2, videoId)).data.data[0];
    expect(thread).toMatchObject({ id: pending.id, content: '', is_check: 0 });
    expect(await store(bob, { rt: 2, rid: videoId, content: '回复', parent_id: pending.id })).toMatchObject({
      code: 1,
      message: '评论审核中',
    });
    const id = await rowId('视频评论');
    const pendingList = await cli('comment:list', '--pending');
    expect(pendingList.output.join('\n')).toContain(`${id} [pending] video ${videoId}`);
    expect((await cli('comment:approve', String(id))).output).toEqual([`Approved comment ${id}`]);
    thread = (await list(2, videoId)).data.data[0];
    expect(thread).toMatchObject({ content: '视频评论', is_check: 1 });
    // Pending replies never leak their text either.
    await store(bob, { rt: 2, rid: videoId, content: '待审回复', parent_id: pending.id });
    thread = (await list(2, videoId)).data.data[0];
    expect(thread.replies[0]).toMatchObject({ content: '', is_check: 0 });
    expect((await cli('comment:reject', String(id), '--reason', '广告')).exitCode).toBe(0);
    expect((await list(2, videoId)).data).toEqual({ data: [], total: 0 });
    expect((await cli('comment:approve', '99999')).output).toEqual(['No comment 99999']);
    await t.services.settings.set('comment.need_approval', '0');
  });

  it('the 2024 flat list shows approved top-level comments only', async () => {
    const flat = await t.request<{ comments: { render_content: string }[] }>({
      method: 'GET',
      url: `/api/v2/course/${courseId}/comments`,
    });
    expect(flat.data.comments.map((c) => c.render_content)).toEqual(['讲得很清楚']);
  });

  it('validates like MeEdu and refuses what a member may not comment on', async () => {
    const cases: [object, number, string][] = [
      [{ rid: courseId, content: 'x' }, 1, '参数错误'],
      [{ rt: 1, content: 'x' }, 1, '参数错误'],
      [{ rt: 1, rid: courseId }, 1, '请输入评论内容'],
      [{ rt: 1, rid: courseId, content: '<p></p>' }, 1, '请输入评论内容'],
      [{ rt: 1, rid: courseId, content: '长'.repeat(141) }, 1, '评论内容最多140个字符'],
      [{ rt: 3, rid: courseId, content: 'x' }, 1, '参数错误'],
      [{ rt: 1, rid: courseId, content: 'x', parent_id: 'not-a-comment-id' }, 1, '参数错误'],
      [{ rt: 1, rid: 999999, content: 'x' }, 404, '资源不存在'],
      [{ rt: 2, rid: 999999, content: 'x' }, 404, '资源不存在'],
    ];
    for (const [payload, code, message] of cases)
      expect(await store(alice, payload), JSON.stringify(payload)).toMatchObject({ code, message });
    // reply_id without parent_id is a bad request, not a crash.
    const [top] = (await list(1, courseId)).data.data;
    expect(await store(alice, { rt: 1, rid: courseId, content: 'x', reply_id: top.id })).toMatchObject({
      message: '参数错误',
    });
    expect(await store(stranger, { rt: 1, rid: courseId, content: '没买也想评' })).toMatchObject({
      code: 1,
      message: '无权限',
    });
    await t.services.db
      .updateTable('courses')
      .set({ is_allow_comment: 0 })
      .where('id', '=', courseId)
      .execute();
    expect(await store(alice, { rt: 1, rid: courseId, content: 'x' })).toMatchObject({
      message: '禁止提交评论',
    });
    await t.services.db
      .updateTable('courses')
      .set({ is_allow_comment: 1 })
      .where('id', '=', courseId)
      .execute();
    expect(await t.request({ method: 'POST', url: '/api/v3/comment/store', payload: {} })).toMatchObject({
      code: 401,
    });
    expect((await replies(1, courseId, 'zzz')).message).toBe('参数错误');
    expect((await list(1, 424242)).data).toEqual({ data: [], total: 0 });
  });

  it('limits a member to 5 comments a minute', async () => {
    clock = new Date('2026-05-02T02:00:00Z');
    const member = await newMember(t);
    await grantCourse(t.services.db, member.id, courseId);
    for (let i = 0; i < 5; i += 1)
      expect((await store(member, { rt: 1, rid: courseId, content: `第${i}条` })).code).toBe(0);
    expect(await store(member, { rt: 1, rid: courseId, content: '太快了' })).toMatchObject({
      code: 429,
      message: '请稍后再试',
    });
  });

  describe('the 2024 endpoints go through the same writer', () => {
    const postV2 = (member: TestMember, kind: 'course' | 'video', id: number, content: string) =>
      t.request({
        method: 'POST',
        url: `/api/v2/${kind}/${id}/comment`,
        token: member.token,
        payload: { content },
      });

    it('refuses a course or lesson closed to comments, as v3 does', async () => {
      clock = new Date('2026-05-04T02:00:00Z');
      await t.services.db
        .updateTable('courses')
        .set({ is_allow_comment: 0 })
        .where('id', '=', courseId)
        .execute();
      expect(await postV2(alice, 'course', courseId, '课程关了评论还想评')).toMatchObject({
        code: 1,
        message: '禁止提交评论',
      });
      await t.services.db
        .updateTable('courses')
        .set({ is_allow_comment: 1 })
        .where('id', '=', courseId)
        .execute();
      await t.services.db
        .updateTable('videos')
        .set({ is_allow_comment: 0 })
        .where('id', '=', videoId)
        .execute();
      expect(await postV2(alice, 'video', videoId, '这一节关了评论还想评')).toMatchObject({
        code: 1,
        message: '禁止提交评论',
      });
      await t.services.db
        .updateTable('videos')
        .set({ is_allow_comment: 1 })
        .where('id', '=', videoId)
        .execute();
      const stored = await t.services.db
        .selectFrom('comments')
        .select('id')
        .where('content', 'in', ['课程关了评论还想评', '这一节关了评论还想评'])
        .execute();
      expect(stored).toEqual([]);
    });

    it('counts v2 and v3 comments against one per-member minute limit', async () => {
      clock = new Date('2026-05-05T02:00:00Z');
      const member = await newMember(t);
      await grantCourse(t.services.db, member.id, courseId);
      for (let i = 0; i < 3; i += 1)
        expect((await postV2(member, 'course', courseId, `旧客户端第${i}条评论`)).code).toBe(0);
      for (let i = 0; i < 2; i += 1)
        expect((await store(member, { rt: 1, rid: courseId, content: `新客户端第${i}条` })).code).toBe(0);
      expect(await postV2(member, 'video', videoId, '第六条评论太快了')).toMatchObject({
        code: 429,
        message: '请稍后再试',
      });
      expect(await postV2(member, 'course', courseId, '第七条评论也太快')).toMatchObject({
        code: 429,
        message: '请稍后再试',
      });
    });

    it('keeps the v2 answers: 错误 for an unknown course or lesson, 参数错误 when no text is left', async () => {
      clock = new Date('2026-05-06T02:00:00Z');
      expect(await postV2(alice, 'course', 999999, '没有这门课程呀')).toMatchObject({
        code: 1,
        message: '错误',
      });
      expect(await postV2(alice, 'video', 999999, '没有这一节课呀')).toMatchObject({
        code: 1,
        message: '错误',
      });
      expect(await postV2(alice, 'course', courseId, '<b></b><i></i>')).toMatchObject({
        code: 1,
        message: '参数错误',
      });
      expect(await postV2(stranger, 'course', courseId, '没买也想评论一下')).toMatchObject({
        code: 1,
        message: '无权限',
      });
    });
  });

  // The minute window lives in the ephemeral store: Redis expires it by its own clock, not the test's.
  it.runIf(!usingPostgres)('limits a member to 100 comments a day', async () => {
    clock = new Date('2026-05-03T02:00:00Z');
    const member = await newMember(t);
    await grantCourse(t.services.db, member.id, courseId);
    for (let i = 0; i < 5; i += 1)
      expect((await store(member, { rt: 1, rid: courseId, content: `第${i}条` })).code).toBe(0);
    for (let minute = 1; minute < 20; minute += 1) {
      clock = new Date(clock.getTime() + 61_000);
      for (let i = 0; i < 5; i += 1)
        await store(member, { rt: 1, rid: courseId, content: `第${minute}-${i}条` });
    }
    clock = new Date(clock.getTime() + 61_000);
    expect(await store(member, { rt: 1, rid: courseId, content: '今天第101条' })).toMatchObject({
      code: 1,
      message: '已超出每日评论限制',
    });
  });
});
