import { readFile } from 'node:fs/promises';
import { axeViolations } from '../support/a11y';
import { CONSOLE_DESKTOP, signInToConsole } from '../support/console';
import { expect, test } from '../support/fixtures';

test.use(CONSOLE_DESKTOP);

test.describe('operator console: 统计', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opens the three pages from the 统计 menu and exports a table as CSV', async ({ page }) => {
    await signInToConsole(page);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByRole('menuitem', { name: '统计' }).click();

    await menu.getByRole('menuitem', { name: '交易统计' }).click();
    await expect(page).toHaveURL(/\/admin\/statistics\/transactions$/);
    await expect(page.getByRole('heading', { name: '交易统计' })).toBeVisible();
    await expect(page.locator('.ant-statistic', { hasText: '收入（元）' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '统计日期范围' }).first()).toBeVisible();

    await menu.getByRole('menuitem', { name: '学员统计' }).click();
    await expect(page.getByRole('heading', { name: '学员统计' })).toBeVisible();
    // A fresh demo site: its demo member registered today, so the 30 days have a row to export.
    const answer = await page.request.get(
      `/api/admin/statistics/members?from=${await page.evaluate(() => new Date(Date.now() - 29 * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10))}&to=${await page.evaluate(() => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))}`,
    );
    const { data } = (await answer.json()) as { data: { totals: { new_members: number } } };
    expect(data.totals.new_members).toBeGreaterThan(0);
    await expect(
      page.locator('.ant-statistic', { hasText: '新增学员' }).locator('.ant-statistic-content'),
    ).toHaveText(data.totals.new_members.toLocaleString('en'));
    await expect(page.getByText('学员走势')).toBeVisible();
    expect(await axeViolations(page, 'console statistics')).toEqual([]);

    const card = page.locator('.ant-card', { hasText: '学员走势' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^statistics-members-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFF时段,新增学员,活跃学员,付费学员');
    expect(lines.filter((line) => line !== '')).toHaveLength(31);

    await menu.getByRole('menuitem', { name: '内容统计' }).click();
    await expect(page.getByRole('heading', { name: '内容统计' })).toBeVisible();
    await expect(page.getByText(/所选时段没有课程销售和学习记录|课程/).first()).toBeVisible();
  });
});
