import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// antd-mobile's InfiniteScroll only loads when its element is laid out; jsdom lays nothing out.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

interface OrderSeed {
  id: number;
  name?: string;
  status?: number;
  status_text?: string;
  payment_text?: string;
  refunded?: number;
  type?: 'COURSE' | 'ROLE';
  discount?: number;
}

function memberOrder({
  id,
  name = `课程${id}`,
  status = 9,
  status_text = '已支付',
  payment_text = '模拟支付',
  refunded = 0,
  type = 'COURSE',
  discount = 0,
}: OrderSeed) {
  return {
    id,
    user_id: 1,
    charge: 100,
    order_id: `11200000${id}`,
    status,
    status_text,
    payment_text,
    continue_pay: status === 1 || status === 5,
    created_at: '2020-02-29T16:05:00.000000Z',
    discount,
    amount: 100 - discount,
    payment_method: 'sandbox',
    is_refund: refunded > 0 ? 1 : 0,
    refunded_charge: refunded,
    goods: [
      {
        num: 1,
        goods_text: type,
        charge: 100,
        goods_type: type,
        goods_name: name,
        goods_thumb: 'http://api.test/t.png',
        goods_id: id,
        goods_charge: 100,
        goods_ori_charge: 100,
      },
    ],
  };
}

const page = (items: unknown[], current = 1) => ({
  current_page: current,
  data: items,
  per_page: 10,
  total: 13,
  last_page: 2,
  from: null,
  to: null,
  first_page_url: '',
  last_page_url: '',
  links: [],
  next_page_url: null,
  path: 'api/v2/member/orders',
  prev_page_url: null,
});

function api(orders: Handler) {
  setToken('t');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
    'GET /api/v2/member/orders': orders,
    'GET /api/v2/course/1': () => ok({ course: { id: 1, title: '课程1', thumb: '', charge: 100 } }),
    'GET /api/v2/order/payments': () => ok([]),
  });
}

describe('/member/order', () => {
  it('lists orders with status, payment, amounts and refunds; loads pages until a short one', async () => {
    const first = [
      memberOrder({ id: 1, name: '机器学习入门', status: 1, status_text: '未支付', payment_text: '' }),
      memberOrder({ id: 2, name: '季度会员', type: 'ROLE', discount: 10 }),
      memberOrder({ id: 3, name: 'Excel 高效办公', status: 11, status_text: '已退款', refunded: 50.5 }),
      ...Array.from({ length: 7 }, (_, i) => memberOrder({ id: 10 + i })),
    ];
    const second = [
      memberOrder({ id: 20 }),
      memberOrder({ id: 21 }),
      memberOrder({ id: 22, name: '最后一单' }),
    ];
    const { fetchMock } = api(({ url }) => ok(page(url.searchParams.get('page') === '2' ? second : first)));
    renderApp('/member/order');

    const paid = await screen.findByRole('article', { name: '季度会员' });
    expect(within(paid).getByText('已支付')).toBeInTheDocument();
    expect(within(paid).getByText('模拟支付 · 订单号 112000002')).toBeInTheDocument();
    expect(within(paid).getByText('￥100')).toBeInTheDocument();
    expect(within(paid).getByText('优惠￥10，实付￥90')).toBeInTheDocument();
    expect(within(paid).getByText('2020-02-29 16:05')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: '继续支付' })).toBeNull();

    const refunded = screen.getByRole('article', { name: 'Excel 高效办公' });
    expect(within(refunded).getByText('已退金额：￥50.50')).toBeInTheDocument();

    expect(await screen.findByRole('article', { name: '最后一单' })).toBeInTheDocument();
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    const pages = fetchMock.mock.calls
      .map((c) => new URL(String(c[0]), 'http://x'))
      .filter((u) => u.pathname === '/api/v2/member/orders')
      .map((u) => `${u.searchParams.get('page')}/${u.searchParams.get('page_size')}`);
    expect(pages).toEqual(['1/10', '2/10']);
    await waitFor(() => expect(document.title).toBe('我的订单'));
  });

  it('an unpaid order can be paid again through the cashier, without a new order', async () => {
    const { called } = api(() =>
      ok(
        page([
          memberOrder({ id: 1, name: '机器学习入门', status: 1, status_text: '未支付', payment_text: '' }),
        ]),
      ),
    );
    const { router } = renderApp('/member/order');
    const unpaid = await screen.findByRole('article', { name: '机器学习入门' });
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    expect(called('GET /api/v2/member/orders')).toHaveLength(1);
    fireEvent.click(within(unpaid).getByRole('button', { name: '继续支付' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('order_id')).toBe('112000001');
    expect(params.get('goods_type')).toBe('vod');
    expect(params.get('goods_id')).toBe('1');
    expect(params.get('order_amount')).toBe('100');
  });

  it('a cancelled order offers no 继续支付, even when an older server still says continue_pay', async () => {
    api(() =>
      ok(
        page([
          memberOrder({ id: 1, name: '已取消的订单', status: 7, status_text: '已取消', payment_text: '' }),
          {
            ...memberOrder({ id: 2, name: '旧服务器的订单', status: 7, status_text: '已取消' }),
            continue_pay: true,
          },
        ]),
      ),
    );
    renderApp('/member/order');
    const cancelled = await screen.findByRole('article', { name: '已取消的订单' });
    expect(within(cancelled).getByText('已取消')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button', { name: '继续支付' })).toBeNull();
    const stale = screen.getByRole('article', { name: '旧服务器的订单' });
    expect(within(stale).queryByRole('button', { name: '继续支付' })).toBeNull();
  });

  it('no orders → 暂无订单 with 去选课; the back arrow always returns to /member', async () => {
    api(() => ok(page([])));
    const { router } = renderApp('/member/order');
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课' })).toHaveAttribute('href', '/vod');
    expect(screen.queryByText('已经到底了')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
  });

  it('a failed first page shows an error with a retry', async () => {
    let down = true;
    api(() =>
      down ? new Response('', { status: 502 }) : ok(page([memberOrder({ id: 5, name: '恢复了' })])),
    );
    renderApp('/member/order');
    expect(await screen.findByText('订单加载失败')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '恢复了' })).toBeInTheDocument();
  });
});
