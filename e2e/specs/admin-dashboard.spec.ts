import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { CONSOLE_DESKTOP } from '../support/console';
import { expect, test } from '../support/fixtures';

test.use(CONSOLE_DESKTOP);

interface Overview {
  totals: { revenue: number; paid_orders: number; new_members: number; active_learners: number };
  series: unknown[];
}

/** Each card shows its figure as the API answers it (antd's Statistic groups digits with commas). */
async function expectFigures(page: Page, range: string) {
  const answer = await page.request.get(`/api/admin/dashboard?range=${range}`);
  const { data } = (await answer.json()) as { data: Overview };
  const cards: [string, number][] = [
    ['收入（元）', data.totals.revenue],
    ['支付订单', data.totals.paid_orders],
    ['新增学员', data.totals.new_members],
    ['活跃学员', data.totals.active_learners],
  ];
  for (const [title, value] of cards) {
    await expect(
      page.locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content'),
    ).toHaveText(value.toLocaleString('en'));
  }
  return data;
}

test.describe('operator console: 数据概览', () => {
  test.describe.configure({ timeout: 120_000 });

  test('is the landing page, shows the figures of each range, and loads its chart only when needed', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('kezhan123');
    const beforeSignIn = scripts.length;
    expect(scripts.some((url) => /revenue-chart|uPlot/i.test(url))).toBe(false);
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: '数据概览' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem').first()).toHaveText('数据概览');

    // A fresh demo site: its demo member registered today.
    const today = await expectFigures(page, 'today');
    expect(today.totals.new_members).toBeGreaterThan(0);
    await expect(page.getByText('收入与支付订单（按小时）')).toBeVisible();
    await expect(page.getByRole('figure', { name: '收入与支付订单走势图' }).locator('canvas')).toBeVisible();
    expect(scripts.slice(beforeSignIn).some((url) => /revenue-chart/.test(url))).toBe(true);
    await expect(page.getByText('课程销售排行')).toBeVisible();
    await expect(page.getByText('课程学习排行')).toBeVisible();
    expect(await axeViolations(page, 'console dashboard')).toEqual([]);

    await page.getByText('近30天').click();
    await expect(page.getByText('收入与支付订单（按天）')).toBeVisible();
    const month = await expectFigures(page, '30d');
    expect(month.series).toHaveLength(30);
  });
});
