import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberMessage } from '@kezhan/contract/messages';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.unstubAllGlobals();
});

function message(id: number, overrides: Partial<MemberMessage> = {}): MemberMessage {
  return {
    id: String(id),
    notifiable_id: 1,
    data: { message: `消息${id}` },
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function api(handlers: Record<string, Handler>) {
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
    ...handlers,
  });
}

describe('/messages', () => {
  it('lists messages with their time; unread ones are marked and turn read when opened', async () => {
    const { called } = api({
      'GET /api/v2/member/messages': () =>
        ok({ data: [message(2), message(1, { read_at: '2025-01-01T00:00:00Z' })], total: 2 }),
      'GET /api/v2/member/notificationMarkAsRead/2': () => ok([]),
    });
    renderApp('/messages');
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    const unread = await screen.findByRole('button', { name: /消息2/ });
    expect(document.title).toBe('我的消息');
    expect(screen.getByRole('heading', { name: '我的消息' })).toBeInTheDocument();
    expect(within(unread).getByLabelText('未读')).toBeInTheDocument();
    expect(within(unread).getByText('5分钟前')).toBeInTheDocument();
    const read = screen.getByRole('button', { name: /消息1/ });
    expect(within(read).queryByLabelText('未读')).toBeNull();
    expect(called('GET /api/v2/member/messages')[0].key).toBe('GET /api/v2/member/messages');

    fireEvent.click(read);
    fireEvent.click(unread);
    await waitFor(() => expect(within(unread).queryByLabelText('未读')).toBeNull());
    expect(called('GET /api/v2/member/notificationMarkAsRead/2')).toHaveLength(1);
    expect(called('GET /api/v2/member/notificationMarkAsRead/1')).toHaveLength(0);
  });

  it('asks 20 per page and stops at the first page with fewer', async () => {
    // antd's InfiniteScroll skips elements without an offsetParent, which jsdom never computes.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.parentElement;
    });
    const pages: Record<string, MemberMessage[]> = {
      '1': Array.from({ length: 20 }, (_, i) => message(100 - i)),
      '2': [message(80), message(79)],
    };
    const seen: string[] = [];
    api({
      'GET /api/v2/member/messages': ({ url }) => {
        seen.push(`${url.searchParams.get('page')}/${url.searchParams.get('page_size')}`);
        return ok({ data: pages[url.searchParams.get('page') ?? ''] ?? [], total: 22 });
      },
    });
    renderApp('/messages');
    expect(await screen.findByText('消息79')).toBeInTheDocument();
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    expect(seen).toEqual(['1/20', '2/20']);
    expect(screen.getAllByRole('button', { name: /消息\d+/ })).toHaveLength(22);
    offsetParent.mockRestore();
  });

  it('shows 暂无消息 with 去选课 when there are none', async () => {
    api({ 'GET /api/v2/member/messages': () => ok({ data: [], total: 0 }) });
    renderApp('/messages');
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课' })).toHaveAttribute('href', '/vod');
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });

  it('a failed first load offers 重新加载', async () => {
    let down = true;
    api({
      'GET /api/v2/member/messages': () => (down ? fail('服务繁忙') : ok({ data: [message(1)], total: 1 })),
    });
    renderApp('/messages');
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('消息1')).toBeInTheDocument();
  });

  it('全部已读 marks every message read and is disabled afterwards', async () => {
    const { called } = api({
      'GET /api/v2/member/messages': () => ok({ data: [message(3), message(2)], total: 2 }),
      'GET /api/v2/member/notificationMarkAllAsRead': () => ok([]),
    });
    renderApp('/messages');
    await screen.findByText('消息3');
    expect(screen.getAllByLabelText('未读')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('已全部标为已读')).toBeInTheDocument();
    expect(screen.queryAllByLabelText('未读')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
    expect(called('GET /api/v2/member/notificationMarkAllAsRead')).toHaveLength(1);
  });
});
