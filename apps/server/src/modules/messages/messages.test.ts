import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMessagesPage } from '@kezhan/contract/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifyMember } from './notify';

describe('member messages', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let bobId: number;

  const get = <T>(url: string, token?: string) => t.request<T>({ method: 'GET', url, token });
  const idOf = async (token: string) => (await get<{ id: number }>('/api/v2/member/detail', token)).data.id;
  const unread = async (token: string) =>
    (await get<number>('/api/v2/member/unreadNotificationCount', token)).data;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.loginBySms('13700000001');
    bob = await t.loginBySms('13700000002');
    aliceId = await idOf(alice);
    bobId = await idOf(bob);
  });
  afterAll(() => t.close());

  it('lists the registration message with the exact item shape and JSON types', async () => {
    const res = await get<MemberMessagesPage>('/api/v2/member/messages?page=1&page_size=20', alice);
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '' });
    expect(res.data.total).toBe(1);
    expect(res.data.data).toHaveLength(1);
    const [item] = res.data.data;
    expect(Object.keys(item).sort()).toEqual(['created_at', 'data', 'id', 'notifiable_id', 'read_at']);
    expect(typeof item.id).toBe('string');
    expect(item.id).toMatch(/^\d+$/);
    expect(item.notifiable_id).toBe(aliceId);
    expect(item.data).toEqual({ message: '用户注册成功' });
    expect(item.read_at).toBeNull();
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('pages newest first with page/page_size (page_size defaults to 5) and reports the total', async () => {
    for (let i = 1; i <= 6; i += 1) await notifyMember(t.services.db, aliceId, `消息${i}`);
    const first = await get<MemberMessagesPage>('/api/v2/member/messages', alice);
    expect(first.data.total).toBe(7);
    expect(first.data.data.map((m) => m.data.message)).toEqual(['消息6', '消息5', '消息4', '消息3', '消息2']);
    const second = await get<MemberMessagesPage>('/api/v2/member/messages?page=2&page_size=5', alice);
    expect(second.data.data.map((m) => m.data.message)).toEqual(['消息1', '用户注册成功']);
    const beyond = await get<MemberMessagesPage>('/api/v2/member/messages?page=9&page_size=5', alice);
    expect(beyond.data).toEqual({ data: [], total: 7 });
  });

  it('never shows another member’s messages', async () => {
    const res = await get<MemberMessagesPage>('/api/v2/member/messages?page_size=100', bob);
    expect(res.data.total).toBe(1);
    expect(res.data.data.every((m) => m.notifiable_id === bobId)).toBe(true);
  });

  it('rejects malformed paging with a Chinese message, never a 500', async () => {
    for (const query of [
      'page=abc',
      'page_size=0',
      'page_size=101',
      'page=-1',
      'page=99999999999',
      'page=1.5',
    ]) {
      const res = await get(`/api/v2/member/messages?${query}`, alice);
      expect(res, query).toMatchObject({ statusCode: 200, code: 1, message: '参数错误', data: [] });
    }
  });

  it('counts unread messages fresh: a new message shows at once, without any cache to clear', async () => {
    expect(await unread(alice)).toBe(7);
    await notifyMember(t.services.db, aliceId, '订单已支付');
    const res = await get<number>('/api/v2/member/unreadNotificationCount', alice);
    expect(res).toMatchObject({ code: 0, data: 8 });
    expect(typeof res.data).toBe('number');
  });

  it('marks one of one’s own messages read, idempotently', async () => {
    const list = await get<MemberMessagesPage>('/api/v2/member/messages?page_size=1', alice);
    const id = list.data.data[0].id;
    const res = await get(`/api/v2/member/notificationMarkAsRead/${id}`, alice);
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
    expect(await unread(alice)).toBe(7);
    const after = await get<MemberMessagesPage>('/api/v2/member/messages?page_size=1', alice);
    expect(after.data.data[0].read_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const readAt = after.data.data[0].read_at;
    expect((await get(`/api/v2/member/notificationMarkAsRead/${id}`, alice)).code).toBe(0);
    const again = await get<MemberMessagesPage>('/api/v2/member/messages?page_size=1', alice);
    expect(again.data.data[0].read_at).toBe(readAt);
  });

  it('refuses to mark another member’s message, leaving it unread', async () => {
    const bobs = await get<MemberMessagesPage>('/api/v2/member/messages', bob);
    const bobMessageId = bobs.data.data[0].id;
    const res = await get(`/api/v2/member/notificationMarkAsRead/${bobMessageId}`, alice);
    expect(res).toMatchObject({ statusCode: 200, code: 1, message: '消息不存在', data: [] });
    expect(await unread(bob)).toBe(1);
    expect((await get('/api/v2/member/notificationMarkAsRead/999999', alice)).message).toBe('消息不存在');
  });

  it('answers malformed ids with 参数错误', async () => {
    for (const id of ['abc', '-1', '1.5', '12345678901234567890', '00000000-0000-0000-0000-000000000000']) {
      const res = await get(`/api/v2/member/notificationMarkAsRead/${id}`, alice);
      expect(res, id).toMatchObject({ statusCode: 200, code: 1, message: '参数错误' });
    }
  });

  it('marks all of one’s own messages read and nobody else’s', async () => {
    await notifyMember(t.services.db, bobId, '给 bob 的消息');
    const res = await get('/api/v2/member/notificationMarkAllAsRead', alice);
    expect(res).toMatchObject({ code: 0, message: '', data: [] });
    expect(await unread(alice)).toBe(0);
    expect(await unread(bob)).toBe(2);
  });

  it('requires a login on every messages endpoint', async () => {
    for (const url of [
      '/api/v2/member/messages',
      '/api/v2/member/notificationMarkAsRead/1',
      '/api/v2/member/notificationMarkAllAsRead',
      '/api/v2/member/unreadNotificationCount',
    ]) {
      expect(await get(url), url).toMatchObject({ statusCode: 200, code: 401, message: '请登录', data: [] });
    }
  });
});
