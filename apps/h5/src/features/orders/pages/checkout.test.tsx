import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { leavePage } from '../utils/leave-page';

vi.mock('../utils/leave-page', () => ({ leavePage: vi.fn() }));

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN';

const COURSE = {
  course: { id: 7, title: 'React 移动端开发实战', thumb: 'http://api.test/c7.png', charge: 159 },
  chapters: [],
  videos: [],
  isBuy: false,
  isCollect: false,
  videoWatchedProgress: [],
  attach: [],
  buyVideos: [],
};

const method = (sign: string, name: string) => ({
  sign,
  name,
  icon: `http://api.test/images/payment/${sign}.png`,
});
const SANDBOX = method('sandbox', '模拟支付');
const HANDPAY = method('handPay', '手动打款');

const order = (over: Record<string, unknown> = {}) => ({
  id: 3,
  user_id: 1,
  charge: 159,
  order_id: '1120000001',
  status: 1,
  status_text: '未支付',
  payment_text: '',
  continue_pay: true,
  created_at: '2026-01-01T00:00:00.000000Z',
  discount: 0,
  amount: 159,
  ...over,
});

function api(overrides: Record<string, Handler> = {}) {
  setToken('t');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig({ url: 'http://api.test' })),
    'GET /api/v2/member/detail': () => ok(testMember()),
    'GET /api/v2/course/7': () => ok(COURSE),
    'GET /api/v2/role/2': () => ok({ id: 2, name: '季度会员', charge: 80, expire_days: 90, desc_rows: [] }),
    'GET /api/v2/order/payments': () => ok([HANDPAY, SANDBOX]),
    'POST /api/v2/order/course': () => ok(order()),
    'POST /api/v2/order/role': () => ok(order({ charge: 80, amount: 80 })),
    'POST /api/v3/order/pay/ticket': () => ok({ ticket: 'T'.repeat(32), expires_in: 300 }),
    ...overrides,
  });
}

const COURSE_URL =
  '/order?goods_type=vod&goods_id=7&goods_name=%E6%97%A7%E5%90%8D&goods_label=%E5%BD%95%E6%92%AD%E8%AF%BE%E7%A8%8B&goods_charge=1';

const total = () => screen.getByLabelText(/^总计￥/);
const methodRadio = (name: string) => screen.findByRole('radio', { name });
/** Ticks 我已阅读并同意《付费内容购买协议》 when the page asks for it (a new course order). */
const agree = () => {
  const box = screen.queryByRole('checkbox', { name: /付费内容购买协议/ });
  if (box && !(box as HTMLInputElement).checked) fireEvent.click(box);
};

beforeEach(() => {
  vi.mocked(leavePage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/order cashier', () => {
  it('shows the goods as the server knows them and preselects the first real method of scene h5', async () => {
    const { called, fetchMock } = api();
    renderApp(COURSE_URL);
    expect(await screen.findByText('React 移动端开发实战')).toBeInTheDocument();
    expect(screen.queryByText('旧名')).toBeNull();
    expect(screen.getByText('录播课程')).toBeInTheDocument();
    expect(screen.getByText('￥159')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'React 移动端开发实战' })).toHaveAttribute(
      'src',
      'http://api.test/c7.png',
    );
    expect(total()).toHaveTextContent('总计￥159');
    await waitFor(() => expect(document.title).toBe('收银台'));

    expect(await methodRadio('手动打款')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '模拟支付' })).toHaveAttribute('aria-checked', 'false');
    const paymentsCall = fetchMock.mock.calls
      .map((c) => String(c[0]))
      .find((u) => u.includes('/order/payments'));
    expect(paymentsCall).toContain('scene=h5');
    expect(called('POST /api/v2/order/course')).toHaveLength(0);
  });

  it('labels 模拟支付 as a test method and lists it after the real ones', async () => {
    api({ 'GET /api/v2/order/payments': () => ok([SANDBOX, HANDPAY]) });
    renderApp(COURSE_URL);
    const sandbox = await methodRadio('模拟支付');
    expect(sandbox).toHaveAccessibleDescription('测试方式，不会真实扣款');
    expect(within(sandbox).getByText('测试方式，不会真实扣款')).toBeVisible();
    const names = within(screen.getByRole('radiogroup', { name: '支付方式' }))
      .getAllByRole('radio')
      .map((r) => r.getAttribute('aria-checked'));
    expect(names).toEqual(['true', 'false']);
    expect(screen.getByRole('radio', { name: '手动打款' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a course order needs 《付费内容购买协议》 first; the agreement opens the configured page', async () => {
    const { called } = api({
      'GET /api/v2/other/config': () =>
        ok(
          testConfig({
            url: 'http://api.test',
            paid_content_purchase_protocol: 'http://api.test/user/paid_content_purchase_protocol',
          }),
        ),
    });
    renderApp(COURSE_URL);
    expect(await methodRadio('手动打款')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: '《付费内容购买协议》' })).toHaveAttribute(
      'href',
      'http://api.test/user/paid_content_purchase_protocol',
    );
    const box = screen.getByRole('checkbox', { name: /^我已阅读并同意\s*《付费内容购买协议》$/ });
    expect(box).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('请阅读并同意《付费内容购买协议》')).toBeInTheDocument();
    expect(called('POST /api/v2/order/course')).toHaveLength(0);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(called('POST /api/v2/order/course')).toHaveLength(1));
  });

  it('remembers the method last used on this device and preselects it next time', async () => {
    api({ 'GET /api/v2/order/payments': () => ok([HANDPAY, SANDBOX]) });
    const first = renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('模拟支付'));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('kezhan-last-payment')).toBe('sandbox');
    first.unmount();
    renderApp(COURSE_URL);
    expect(await methodRadio('模拟支付')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '手动打款' })).toHaveAttribute('aria-checked', 'false');
  });

  it('pre-selects the only method offered', async () => {
    api({ 'GET /api/v2/order/payments': () => ok([SANDBOX]) });
    renderApp(COURSE_URL);
    expect(await methodRadio('模拟支付')).toHaveAttribute('aria-checked', 'true');
  });

  it('inside WeChat asks for scene wechat and puts JSAPI first, chosen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const { fetchMock } = api({
      'GET /api/v2/order/payments': () => ok([HANDPAY, SANDBOX, method('wechat-jsapi', '微信支付')]),
    });
    renderApp(COURSE_URL);
    const jsapi = await methodRadio('微信支付');
    expect(jsapi).toHaveAttribute('aria-checked', 'true');
    const names = within(screen.getByRole('radiogroup', { name: '支付方式' }))
      .getAllByRole('radio')
      .map((r) => r.textContent);
    expect(names).toEqual(['微信支付', '手动打款', '模拟支付测试方式，不会真实扣款']);
    const paymentsCall = fetchMock.mock.calls
      .map((c) => String(c[0]))
      .find((u) => u.includes('/order/payments'));
    expect(paymentsCall).toContain('scene=wechat');
  });

  it('an empty method list says so and the order cannot be submitted', async () => {
    api({ 'GET /api/v2/order/payments': () => ok([]) });
    renderApp(COURSE_URL);
    expect(await screen.findByText('暂无可用的支付方式，请联系客服')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交订单' })).toBeDisabled();
  });

  it('promo code: an unusable code is refused and cleared; a valid one shows the server discount and is sent', async () => {
    const { called } = api({
      'GET /api/v2/promoCode/BAD/check': () => ok({ can_use: 0, promo_code: [] }),
      'GET /api/v2/promoCode/GOOD10/check': () =>
        ok({
          can_use: 1,
          promo_code: {
            id: 1,
            code: 'GOOD10',
            expired_at: null,
            invited_user_reward: 10,
            invite_user_reward: 5,
          },
        }),
      'POST /api/v2/order/course': () => ok(order({ discount: 10, amount: 149 })),
    });
    renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('模拟支付'));

    fireEvent.click(screen.getByRole('button', { name: /使用优惠码/ }));
    const input = await screen.findByPlaceholderText('请输入优惠码');
    const verify = screen.getByRole('button', { name: '验证' });
    expect(verify).toBeDisabled();
    fireEvent.change(input, { target: { value: 'BAD' } });
    fireEvent.click(verify);
    expect(await screen.findByText('优惠码无效')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(''));
    expect(total()).toHaveTextContent('总计￥159');

    fireEvent.change(input, { target: { value: 'GOOD10' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('优惠码有效，抵扣10元')).toBeInTheDocument();
    await waitFor(() => expect(total()).toHaveTextContent('总计￥149'));
    expect(screen.getByText('已抵扣￥10')).toBeInTheDocument();
    expect(screen.getByText('GOOD10')).toBeInTheDocument();

    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(called('POST /api/v2/order/course')).toHaveLength(1));
    expect(called('POST /api/v2/order/course')[0].body).toEqual({ course_id: 7, promo_code: 'GOOD10' });
  });

  it('promo code: a percentage code is rounded down to the fen; a refused code shows the server’s reason', async () => {
    api({
      'GET /api/v2/promoCode/LATE/check': () =>
        ok({
          can_use: 0,
          promo_code: {
            id: 2,
            code: 'LATE',
            expired_at: null,
            invited_user_reward: 5,
            invite_user_reward: 0,
          },
          message: '优惠码已过期',
        }),
      'GET /api/v2/promoCode/PCT15/check': () =>
        ok({
          can_use: 1,
          promo_code: {
            id: 3,
            code: 'PCT15',
            expired_at: null,
            invited_user_reward: 0,
            invite_user_reward: 0,
            discount_type: 'percent',
            percent_off: 15,
          },
        }),
    });
    renderApp(COURSE_URL);
    fireEvent.click(await screen.findByRole('button', { name: /使用优惠码/ }));
    const input = await screen.findByPlaceholderText('请输入优惠码');
    fireEvent.change(input, { target: { value: 'LATE' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('优惠码已过期')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'PCT15' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('优惠码有效，立减15%')).toBeInTheDocument();
    // 15% of ¥159 is ¥23.85 off, ¥135.15 to pay (the server's rule, to the fen).
    await waitFor(() => expect(total()).toHaveTextContent('总计￥135.15'));
    expect(screen.getByText('已抵扣￥23.85')).toBeInTheDocument();
  });

  it('a discount larger than the price makes the total 0, never negative', async () => {
    api({
      'GET /api/v2/role/2': () => ok({ id: 2, name: '季度会员', charge: 80, expire_days: 90, desc_rows: [] }),
      'GET /api/v2/promoCode/BIG/check': () =>
        ok({
          can_use: 1,
          promo_code: {
            id: 1,
            code: 'BIG',
            expired_at: null,
            invited_user_reward: 100,
            invite_user_reward: 0,
          },
        }),
    });
    renderApp(
      '/order?goods_type=role&goods_id=2&goods_name=%E5%AD%A3%E5%BA%A6%E4%BC%9A%E5%91%98&goods_label=VIP%E4%BC%9A%E5%91%98&goods_charge=80',
    );
    expect(await screen.findByRole('img', { name: 'VIP会员' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /使用优惠码/ }));
    fireEvent.change(await screen.findByPlaceholderText('请输入优惠码'), { target: { value: 'BIG' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(total()).toHaveTextContent('总计￥0'));
  });

  it('a browser payment gets a single-use ticket and leaves for the redirect; double taps create one order', async () => {
    let release: () => void = () => {};
    const { called } = api({
      'POST /api/v2/order/course': () =>
        new Promise((r) => {
          release = () => r(ok(order()));
        }),
    });
    renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('模拟支付'));
    agree();
    const submit = screen.getByRole('button', { name: '提交订单' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(called('POST /api/v2/order/course')).toHaveLength(1));
    release();
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(called('POST /api/v2/order/course')).toHaveLength(1);
    expect(called('POST /api/v2/order/course')[0].body).toEqual({ course_id: 7 });
    expect(called('POST /api/v3/order/pay/ticket')[0].body).toEqual({ order_id: '1120000001' });

    const url = new URL(vi.mocked(leavePage).mock.calls[0][0]);
    expect(url.origin + url.pathname).toBe('http://api.test/api/v2/order/pay/redirect');
    expect(url.searchParams.get('order_id')).toBe('1120000001');
    expect(url.searchParams.get('payment')).toBe('sandbox');
    expect(url.searchParams.get('payment_scene')).toBe('h5');
    expect(url.searchParams.get('ticket')).toBe('T'.repeat(32));
    expect(url.searchParams.get('s_url')).toBe(
      `${window.location.origin}/order/success?order_id=1120000001&goods_type=vod&goods_id=7`,
    );
    expect(url.searchParams.get('f_url')).toBe(window.location.origin);
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('when the ticket fails, trying again pays the same order instead of creating another', async () => {
    let ticketDown = true;
    const { called } = api({
      'POST /api/v3/order/pay/ticket': () =>
        ticketDown ? fail('服务繁忙') : ok({ ticket: 'T'.repeat(32), expires_in: 300 }),
    });
    renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('模拟支付'));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '提交订单' })).toBeEnabled());
    ticketDown = false;
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(called('POST /api/v2/order/course')).toHaveLength(1);
  });

  it('a server refusal (already bought) is shown and nothing else happens', async () => {
    const { called } = api({ 'POST /api/v2/order/course': () => fail('请勿重复购买') });
    renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('模拟支付'));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('请勿重复购买')).toBeInTheDocument();
    expect(called('POST /api/v3/order/pay/ticket')).toHaveLength(0);
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('an order fully paid by the promo code goes straight to the result page', async () => {
    api({
      'POST /api/v2/order/role': () =>
        ok(order({ status: 9, status_text: '已支付', amount: 0, discount: 80 })),
      'GET /api/v2/order/status': () => ok({ status: 9, status_text: '已支付' }),
    });
    const { router } = renderApp('/order?goods_type=role&goods_id=2&goods_charge=80');
    fireEvent.click(await methodRadio('模拟支付'));
    fireEvent.click(screen.getByRole('radio', { name: '手动打款' }));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/success'));
    expect(router.state.location.search).toBe('?order_id=1120000001&goods_type=role&goods_id=2');
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('manual transfer replaces the cashier with /order/pay carrying the server amount', async () => {
    api({
      'POST /api/v2/order/course': () => ok(order({ amount: 150, discount: 9 })),
      'POST /api/v3/order/pay/handPay': () => ok({ text: '' }),
    });
    const { router } = renderApp(COURSE_URL);
    fireEvent.click(await methodRadio('手动打款'));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/pay'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      orderId: '1120000001',
      price: '150',
      payment: 'handPay',
      type: 'vod',
      id: '7',
    });
  });

  it('continuing an unpaid order pays it without creating a new one (no promo code row)', async () => {
    const { called } = api();
    renderApp('/order?goods_type=vod&goods_id=7&goods_charge=159&order_id=1120000009&order_amount=149');
    fireEvent.click(await methodRadio('模拟支付'));
    expect(screen.getByText('1120000009')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /使用优惠码/ })).toBeNull();
    expect(total()).toHaveTextContent('总计￥149');
    agree();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(called('POST /api/v2/order/course')).toHaveLength(0);
    expect(called('POST /api/v3/order/pay/ticket')[0].body).toEqual({ order_id: '1120000009' });
  });

  it('an address without identifiable goods says so', async () => {
    api();
    renderApp('/order?goods_type=video&goods_id=3');
    expect(await screen.findByText('订单信息有误')).toBeInTheDocument();
  });

  it('goods that cannot be loaded and were not in the address show a retry', async () => {
    let down = true;
    api({ 'GET /api/v2/course/7': () => (down ? new Response('', { status: 500 }) : ok(COURSE)) });
    renderApp('/order?goods_type=vod&goods_id=7');
    expect(await screen.findByText('商品信息加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交订单' })).toBeDisabled();
    down = false;
    fireEvent.click(
      within(screen.getByRole('region', { name: '商品信息' })).getByRole('button', { name: '重试' }),
    );
    expect(await screen.findByText('React 移动端开发实战')).toBeInTheDocument();
  });
});
