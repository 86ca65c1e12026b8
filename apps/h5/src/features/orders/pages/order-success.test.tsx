import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS } from '../hooks/use-order-status';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function api(status: Handler) {
  setToken('t');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
    'GET /api/v2/order/status': status,
  });
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const PATH = '/order/success?order_id=1120000001&goods_type=vod&goods_id=7';

describe('/order/success', () => {
  it('polls the order until the server says paid, then stops and offers 去学习', async () => {
    const statuses = [1, 5, 9];
    const { called } = api(() => {
      const status = statuses.shift() ?? 9;
      return ok({ status, status_text: status === 9 ? '已支付' : '支付中' });
    });
    const { router } = renderApp(PATH);
    expect(await screen.findByText('正在确认支付结果…')).toBeInTheDocument();
    expect(screen.queryByText('支付成功')).toBeNull();
    await waitFor(() => expect(called('GET /api/v2/order/status')).toHaveLength(1));

    await advance(POLL_INTERVAL_MS);
    expect(called('GET /api/v2/order/status')).toHaveLength(2);
    expect(screen.getByText('正在确认支付结果…')).toBeInTheDocument();

    await advance(POLL_INTERVAL_MS);
    expect(called('GET /api/v2/order/status')).toHaveLength(3);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.getByText('订单号：1120000001')).toBeInTheDocument();
    expect(document.title).toBe('支付成功');

    await advance(POLL_INTERVAL_MS * 5);
    expect(called('GET /api/v2/order/status')).toHaveLength(3);
    expect(
      new URL(`http://x${String(vi.mocked(fetch).mock.calls.at(-1)?.[0])}`).searchParams.get('order_id'),
    ).toBe('1120000001');

    fireEvent.click(screen.getByRole('button', { name: '去学习' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vod/detail'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('keeps polling through network failures', async () => {
    let n = 0;
    api(() => {
      n += 1;
      if (n < 3) throw new TypeError('Failed to fetch');
      return ok({ status: 9, status_text: '已支付' });
    });
    renderApp(PATH);
    await screen.findByText('正在确认支付结果…');
    await advance(POLL_INTERVAL_MS * 2);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.queryByText('网络连接失败，请检查网络后重试')).toBeNull();
  });

  it('gives up after the timeout with a manual refresh that polls again', async () => {
    let paid = false;
    const { called } = api(() =>
      ok(paid ? { status: 9, status_text: '已支付' } : { status: 5, status_text: '支付中' }),
    );
    renderApp(PATH);
    await screen.findByText('正在确认支付结果…');
    await advance(POLL_TIMEOUT_MS);
    expect(await screen.findByRole('heading', { name: '暂未查询到支付结果' })).toBeInTheDocument();
    const calls = called('GET /api/v2/order/status').length;
    expect(calls).toBe(POLL_TIMEOUT_MS / POLL_INTERVAL_MS);
    await advance(POLL_INTERVAL_MS * 5);
    expect(called('GET /api/v2/order/status')).toHaveLength(calls);

    paid = true;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('a cancelled order is reported as such', async () => {
    api(() => ok({ status: 7, status_text: '已取消' }));
    const { router } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: '订单已取消' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '查看订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order'));
  });

  it('an unknown order stops polling', async () => {
    const { called } = api(() => fail('错误'));
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: '订单不存在' })).toBeInTheDocument();
    await advance(POLL_INTERVAL_MS * 3);
    expect(called('GET /api/v2/order/status')).toHaveLength(1);
  });

  it('without order_id nothing is polled', async () => {
    const { called } = api(() => ok({ status: 9, status_text: '已支付' }));
    renderApp('/order/success');
    expect(await screen.findByRole('heading', { name: '订单不存在' })).toBeInTheDocument();
    expect(called('GET /api/v2/order/status')).toHaveLength(0);
  });
});
