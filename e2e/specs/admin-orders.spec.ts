import { axeViolations } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';
import { openConsoleContext, signInToConsole } from '../support/console';
import { buyWithSandbox } from '../support/orders';

/**
 * A member buys a course with 模拟支付 in the h5; the administrator finds the order in the
 * console, refunds it in full, and the member can no longer play the paid lesson.
 * Demo catalogue: course 12 机器学习入门 ￥299, video 39 not free.
 */
const PAID_VIDEO = 39;

async function playinfo(kezhan: KezhanServer, token: string) {
  const res = await fetch(`${kezhan.baseURL}/api/v2/video/${PAID_VIDEO}/playinfo`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { code: number; message: string };
}

test.describe('console orders', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a member buys a course, the admin refunds it in full, and the lesson is locked again', async ({
    page,
    browser,
    kezhan,
  }) => {
    const mobile = uniqueMobile();
    const token = await registerMember(kezhan, mobile);
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    await buyWithSandbox(page);
    expect((await playinfo(kezhan, token)).code).toBe(0);
    await page.goto(`/vod/video?id=${PAID_VIDEO}`);
    await expect(page.locator('video')).toHaveCount(1);
    await expect(page.getByText('购买课程后即可观看本视频')).toHaveCount(0);

    const console = await openConsoleContext(browser, kezhan.baseURL);
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('menuitem', { name: '订单管理' })
      .click();
    await expect(admin.getByRole('heading', { name: '订单管理' })).toBeVisible();
    await expect(admin.getByRole('link', { name: '导出 CSV' })).toBeVisible();

    await admin.getByRole('searchbox', { name: '搜索订单' }).fill(mobile);
    await admin.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
    await expect(admin.getByText('共 1 个订单')).toBeVisible();
    const row = admin.getByRole('row', { name: /机器学习入门/ });
    await expect(row.getByText('已支付')).toBeVisible();
    await expect(row.getByText('模拟支付')).toBeVisible();
    expect(await axeViolations(admin, 'console order list')).toEqual([]);
    await row.getByRole('link', { name: '详情' }).click();

    await expect(admin.getByRole('heading', { name: /^订单 \d+$/ })).toBeVisible();
    await expect(admin.getByText('可退金额')).toBeVisible();
    await expect(admin.getByRole('cell', { name: '支付成功' }).first()).toBeVisible();
    expect(await axeViolations(admin, 'console order detail')).toEqual([]);
    await admin.getByRole('button', { name: '退款' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByLabel(/退款金额/)).toHaveValue('299');
    await expect(dialog.getByRole('checkbox', { name: /收回课程或会员权益/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /收回课程或会员权益/ })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: '提交退款' })).toBeDisabled();
    await dialog.getByLabel('退款原因').fill('学员申请，全额退款');
    expect(await axeViolations(admin, 'console refund dialog')).toEqual([]);
    await dialog.getByRole('button', { name: '提交退款' }).click();
    await admin.getByRole('tooltip').getByRole('button', { name: '确认退款' }).click();
    await expect(admin.getByText('退款成功', { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole('cell', { name: '退款成功' })).toBeVisible();
    await expect(admin.getByText('已退款', { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole('button', { name: '退款' })).toHaveCount(0);
    await console.close();

    expect(await playinfo(kezhan, token)).toMatchObject({ code: 1, message: '请购买后观看' });
    await page.goto(`/vod/video?id=${PAID_VIDEO}`);
    await expect(page.getByText('购买课程后即可观看本视频')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
  });
});
