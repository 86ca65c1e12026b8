import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROLES = [
  {
    id: 1,
    name: '月度会员',
    charge: 30,
    expire_days: 30,
    desc_rows: ['全站 VIP 课程免费学', '有效期 30 天'],
  },
  { id: 2, name: '季度会员', charge: 80, expire_days: 90, desc_rows: ['比月度会员省 10 元'] },
];

function api(overrides: Record<string, () => unknown> = {}) {
  setToken('t');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig({ vip_protocol: 'http://api.test/vip/protocol' })),
    'GET /api/v2/member/detail': () => ok(testMember()),
    'GET /api/v2/roles': () => ok(ROLES),
    ...overrides,
  });
}

describe('/role', () => {
  it('lists the plans with their description rows; nobody is a member yet', async () => {
    api();
    renderApp('/role');
    expect(await screen.findByRole('radio', { name: '月度会员 ￥30' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '季度会员 ￥80' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('有效期 30 天')).toBeInTheDocument();
    expect(screen.getByText('比月度会员省 10 元')).toBeInTheDocument();
    expect(screen.getByText('您还不是本站会员哦')).toBeInTheDocument();
    expect(screen.getByText('免费会员')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('VIP会员'));
  });

  it('shows the current membership with its expiry date (not glued to the name)', async () => {
    api({
      'GET /api/v2/member/detail': () =>
        ok(testMember({ role: { id: 1, name: '月度会员' }, role_expired_at: '2026-12-31 10:00:00' })),
    });
    renderApp('/role');
    expect(await screen.findByText('购买后将会有效期顺延')).toBeInTheDocument();
    expect(screen.getByText(/将于2026-12-31到期/)).toHaveTextContent('您的月度会员将于2026-12-31到期');
  });

  it('gates buying: a plan must be chosen, then the agreement accepted; then opens the cashier', async () => {
    api();
    const { router } = renderApp('/role');
    const buy = await screen.findByRole('button', { name: '购买会员' });
    await screen.findByRole('radio', { name: '季度会员 ￥80' });

    fireEvent.click(buy);
    expect(await screen.findByText('请选择需要购买的会员')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '季度会员 ￥80' }));
    expect(screen.getByRole('radio', { name: '季度会员 ￥80' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(buy);
    expect(await screen.findByText('请阅读并同意《会员服务协议》')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/role');

    const agreement = screen.getByRole('checkbox', { name: /我已阅读并同意.*会员服务协议/ });
    expect(screen.getByRole('link', { name: '《会员服务协议》' })).toHaveAttribute(
      'href',
      'http://api.test/vip/protocol',
    );
    fireEvent.click(agreement);
    fireEvent.click(buy);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      goods_type: 'role',
      goods_id: '2',
      goods_name: '季度会员',
      goods_label: 'VIP会员',
      goods_charge: '80',
    });
  });

  it('a failed load shows an error with a retry', async () => {
    let down = true;
    api({ 'GET /api/v2/roles': () => (down ? new Response('', { status: 500 }) : ok(ROLES)) });
    renderApp('/role');
    expect(await screen.findByText('会员方案加载失败')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('radio', { name: '月度会员 ￥30' })).toBeInTheDocument();
  });

  it('no plans on sale → 暂无会员方案', async () => {
    api({ 'GET /api/v2/roles': () => ok([]) });
    renderApp('/role');
    expect(await screen.findByText('暂无会员方案')).toBeInTheDocument();
  });
});
