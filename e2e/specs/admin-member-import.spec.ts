import writeXlsxFile from 'write-excel-file/node';
import { axeViolations } from '../support/a11y';
import { openConsoleContext, signInToConsole } from '../support/console';
import { expect, test } from '@playwright/test';
import { SERVER_START_TIMEOUT_MS, startKezhan, type KezhanServer } from '../support/server';

/**
 * 批量导入学员: an operator uploads an .xlsx of 200 members of which 3 rows are wrong, reads the
 * three problems in the preview before anything is written, commits, and the background job
 * (jobs on: this spec runs its own server) creates the other 197, who can then sign in.
 */
const mobileOf = (index: number) => `1390000${String(index).padStart(4, '0')}`;

/** The import file: the template's header, then 200 rows; rows 11, 51 and 151 are wrong. */
function memberSheet(): Promise<Buffer> {
  const rows: (string | null)[][] = [['手机号', '昵称', '密码', '课程ID', '会员计划ID', '会员天数']];
  for (let index = 0; index < 200; index += 1) {
    rows.push([mobileOf(index), `导入学员${index}`, index === 0 ? 'Secret123' : null, null, null, null]);
  }
  // rows[0] is the header, so rows[k] is file row k + 1 and member index k - 1.
  rows[10][0] = '1390000'; // file row 11: too short
  rows[50][0] = mobileOf(0); // file row 51: the mobile of row 2 again
  rows[150][3] = '12,abc'; // file row 151: a course id that is not a number
  return writeXlsxFile(rows).toBuffer();
}

test.describe('console: importing members from a spreadsheet', () => {
  test.describe.configure({ timeout: 180_000 });
  let kezhan: KezhanServer;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);
    kezhan = await startKezhan({ JOBS_ENABLED: '1' });
  });
  test.afterAll(async () => kezhan?.stop());

  test('previews 200 rows with the 3 bad ones named, then imports the other 197', async ({ browser }) => {
    const context = await openConsoleContext(browser, kezhan.baseURL);
    const page = await context.newPage();
    await signInToConsole(page);
    await page.goto('/admin/members');
    await page.getByRole('button', { name: '批量导入' }).click();
    await expect(page).toHaveURL(/\/admin\/members\/import$/);

    await page.locator('input[type=file]').setInputFiles({
      name: '学员名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await memberSheet(),
    });
    const summary = page.locator('.ant-descriptions');
    await expect(summary.getByRole('cell', { name: '学员名单.xlsx' })).toBeVisible({ timeout: 30_000 });
    const figure = (label: string) => summary.locator('th', { hasText: label }).locator('+ td');
    await expect(figure('数据行')).toHaveText('200');
    await expect(figure('可导入')).toHaveText('197');
    await expect(figure('有问题')).toHaveText('3');
    const problems = page.locator('.ant-table-tbody tr');
    await expect(problems).toHaveText([
      /^11\s*1390000\s*手机号格式不正确$/,
      new RegExp(`^51\\s*${mobileOf(0)}\\s*文件中手机号重复（与第 2 行相同）$`),
      new RegExp(`^151\\s*${mobileOf(149)}\\s*课程ID须为正整数，多个用逗号分隔$`),
    ]);
    expect(await axeViolations(page, 'member import preview')).toEqual([]);

    // Nothing is written before the operator confirms.
    const before = await page.request.get(`/api/admin/members?keyword=${mobileOf(1)}`);
    expect(((await before.json()) as { data: { total: number } }).data.total).toBe(0);

    await page.getByRole('button', { name: '确认导入 197 名学员' }).click();
    await expect(page.getByText('导入完成：已导入 197 名学员')).toBeVisible({ timeout: 90_000 });

    for (const [index, expected] of [
      [1, 1],
      [199, 1],
      [9, 0], // file row 11, refused
    ] as const) {
      const found = await page.request.get(`/api/admin/members?keyword=${mobileOf(index)}`);
      expect(((await found.json()) as { data: { total: number } }).data.total, mobileOf(index)).toBe(
        expected,
      );
    }
    // The first row's password works at once.
    const login = await page.request.post('/api/v2/login/password', {
      data: { mobile: mobileOf(0), password: 'Secret123' },
    });
    expect(((await login.json()) as { code: number }).code).toBe(0);
    await context.close();
  });
});
