import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(handPay: Handler) {
  setToken('t');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
    'POST /api/v3/order/pay/handPay': handPay,
    'GET /api/v2/member/orders': () => ok({ data: [], current_page: 1, per_page: 10, total: 0 }),
  });
}

const PATH = '/order/pay?orderId=1120000001&price=149&payment=handPay&type=vod&id=7';

describe('/order/pay (manual transfer)', () => {
  it('chooses manual transfer for the order and shows the payee instructions, sanitised', async () => {
    const { called } = api(() =>
      ok({
        text: '<p>户名：课栈演示科技有限公司</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>',
      }),
    );
    const { router } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: '手动打款支付' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('支付中'));
    expect(screen.getByText('订单号：1120000001')).toBeInTheDocument();
    expect(screen.getByText('149')).toBeInTheDocument();
    expect(screen.getByText('（手动打款需后台验证后交付订单，请耐心等待）')).toBeInTheDocument();
    expect(await screen.findByText('户名：课栈演示科技有限公司')).toBeInTheDocument();
    const html = screen.getByTestId('hand-pay-text').innerHTML;
    expect(html).not.toMatch(/onerror|script/);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(called('POST /api/v3/order/pay/handPay')[0].body).toEqual({ order_id: '1120000001' });

    fireEvent.click(screen.getByRole('button', { name: '我已完成支付' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order'));
  });

  it('a refusal is shown by the client and the section offers a retry', async () => {
    let attempt = 0;
    api(() => (++attempt === 1 ? fail('错误') : ok({ text: '<p>账号：6222</p>' })));
    renderApp(PATH);
    expect(await screen.findByText('收款信息加载失败')).toBeInTheDocument();
    expect(await screen.findByText('错误')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('账号：6222')).toBeInTheDocument();
  });

  it('without an order number there is nothing to pay', async () => {
    const { called } = api(() => ok({ text: '' }));
    renderApp('/order/pay');
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(called('POST /api/v3/order/pay/handPay')).toHaveLength(0);
  });
});
