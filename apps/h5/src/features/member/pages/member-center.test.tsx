import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const linkTo = (name: RegExp | string) => screen.getByRole('link', { name });

describe('/member', () => {
  it('visitors see 请登录 and every member entry leads to login first', async () => {
    const { called } = mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    renderApp('/member');
    const card = await screen.findByRole('link', { name: /请登录/ });
    expect(card).toHaveAttribute('href', '/login?redirect=%2Fmember');
    expect(within(card).getByText('登录/注册')).toBeInTheDocument();
    expect(linkTo(/我的订单/)).toHaveAttribute('href', '/login?redirect=%2Fmember%2Forder');
    expect(linkTo(/我的消息/)).toHaveAttribute('href', '/login?redirect=%2Fmessages');
    expect(linkTo(/个人资料/)).toHaveAttribute('href', '/login?redirect=%2Fmember%2Fprofile');
    expect(linkTo(/开通会员/)).toHaveAttribute('href', '/login?redirect=%2Frole');
    expect(linkTo(/关于平台/)).toHaveAttribute('href', '/member/setting');
    expect(called('GET /api/v2/member/unreadNotificationCount')).toHaveLength(0);
  });

  it('logged in but the member detail fails: says so with a retry, never 请登录; the menu stays open', async () => {
    setToken('t');
    let down = true;
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () =>
        down ? new Response('', { status: 500 }) : ok(testMember({ nick_name: '学员甲' })),
      'GET /api/v2/member/unreadNotificationCount': () => ok(0),
    });
    renderApp('/member');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('账号信息加载失败');
    expect(screen.queryByText('请登录')).toBeNull();
    expect(linkTo(/我的订单/)).toHaveAttribute('href', '/member/order');
    down = false;
    act(() => within(alert).getByRole('button', { name: '重新加载' }).click());
    expect(await screen.findByRole('link', { name: /学员甲/ })).toHaveAttribute('href', '/member/profile');
  });

  it('a free member: avatar, nickname, 免费会员, menu, unread badge', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () =>
        ok(testMember({ nick_name: '学员甲', avatar: 'https://cdn.test/a.jpg' })),
      'GET /api/v2/member/unreadNotificationCount': () => ok(3),
    });
    renderApp('/member');
    const card = await screen.findByRole('link', { name: /学员甲/ });
    expect(card).toHaveAttribute('href', '/member/profile');
    expect(within(card).getByRole('img', { name: '头像' })).toHaveAttribute('src', 'https://cdn.test/a.jpg');
    expect(within(card).getByText('免费会员')).toBeInTheDocument();
    expect(within(card).queryByText(/有效期至/)).toBeNull();
    expect(linkTo(/开通会员/)).toHaveAttribute('href', '/role');
    expect(linkTo(/我的订单/)).toHaveAttribute('href', '/member/order');
    expect(linkTo(/个人资料/)).toHaveAttribute('href', '/member/profile');
    const messages = linkTo(/我的消息/);
    expect(messages).toHaveAttribute('href', '/messages');
    expect(await within(messages).findByLabelText('3条未读消息')).toHaveTextContent('3');
  });

  it('a VIP member sees the level name and its expiry date', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () =>
        ok(testMember({ role: { id: 2, name: '年度会员' }, role_expired_at: '2026-08-01 10:00:00' })),
      'GET /api/v2/member/unreadNotificationCount': () => ok(0),
    });
    renderApp('/member');
    expect(await screen.findByText('年度会员')).toBeInTheDocument();
    expect(screen.getByText('有效期至 2026-08-01')).toBeInTheDocument();
    expect(screen.queryByText('免费会员')).toBeNull();
    expect(linkTo(/会员中心/)).toHaveAttribute('href', '/role');
  });

  it('asks for the unread count on every visit: no badge at 0, a badge when new ones arrive', async () => {
    setToken('t');
    let unread = 0;
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
      'GET /api/v2/member/unreadNotificationCount': () => ok(unread),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
      'GET /api/v2/decorationPage/blocks': () => ok([]),
      'GET /api/v2/announcement/latest': () => ok(null),
    });
    const { router } = renderApp('/member');
    await screen.findByText('免费会员');
    await vi.waitFor(() => expect(called('GET /api/v2/member/unreadNotificationCount')).toHaveLength(1));
    expect(screen.queryByLabelText(/条未读消息/)).toBeNull();

    unread = 120;
    await act(async () => {
      await router.navigate('/member/setting');
    });
    await act(async () => {
      await router.navigate('/member');
    });
    expect(await screen.findByLabelText('120条未读消息')).toHaveTextContent('99+');
    expect(called('GET /api/v2/member/unreadNotificationCount')).toHaveLength(2);

    unread = 0;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(called('GET /api/v2/member/unreadNotificationCount')).toHaveLength(3));
    await vi.waitFor(() => expect(screen.queryByLabelText(/条未读消息/)).toBeNull());
  });
});
