import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { openConsoleContext, openConsoleSection, signInToConsole } from '../support/console';
import { expect, registerMember, test } from '../support/fixtures';
import { buyWithSandbox } from '../support/orders';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Roles are data: 超级管理员 makes a role from the permission list and an administrator with it;
 * what that administrator may do is what the role grants, in the console's buttons and at the API.
 */

/** 超级管理员 creates an administrator of `role` on the 管理员 page. */
async function createAdministrator(owner: Page, username: string, role: string): Promise<void> {
  await owner.goto('/admin/administrators');
  await owner.getByRole('button', { name: '新建管理员' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('账号').fill(username);
  await dialog.getByLabel('初始密码').fill('Console-2026');
  await dialog.getByLabel('角色').click();
  await owner
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${role}$`) })
    .click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(owner.getByRole('cell', { name: username, exact: true }).first()).toBeVisible();
}

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('Console-2026');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** A console change sent as the page's session would send it (cookie and CSRF token). */
async function consoleChange(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: object) {
  const session = (await (await request.get('/api/admin/session')).json()) as {
    data: { csrf_token: string };
  };
  const answer = await request.fetch(url, {
    method,
    data,
    headers: { 'x-csrf-token': session.data.csrf_token },
  });
  return (await answer.json()) as { code: number; message: string };
}

async function memberIdOf(kezhan: KezhanServer, token: string): Promise<number> {
  const answer = await fetch(`${kezhan.baseURL}/api/v2/member/detail`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

test.describe('console roles', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a custom role that may refund refunds an order, but cannot give a course', async ({
    page,
    browser,
    kezhan,
  }) => {
    const mobile = uniqueMobile();
    const token = await registerMember(kezhan, mobile);
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    await buyWithSandbox(page);
    const memberId = await memberIdOf(kezhan, token);

    const ownerContext = await openConsoleContext(browser, kezhan.baseURL);
    const owner = await ownerContext.newPage();
    await signInToConsole(owner);
    await owner.goto('/admin/roles');
    await owner.getByRole('button', { name: '新建角色' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('角色名称').fill('退款专员');
    for (const permission of [/^查看订单/, /^退款/, /^查看学员/]) {
      await dialog.getByRole('checkbox', { name: permission }).check();
    }
    await expect(dialog.getByRole('checkbox', { name: /^赠送课程和会员/ })).not.toBeChecked();
    expect(await axeViolations(owner, 'console role form')).toEqual([]);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(owner.getByRole('row', { name: /退款专员/ })).toContainText('4 项（含敏感 1 项）');
    await createAdministrator(owner, 'refunder', '退款专员');
    await ownerContext.close();

    const refunderContext = await openConsoleContext(browser, kezhan.baseURL);
    const refunder = await refunderContext.newPage();
    await signInAs(refunder, 'refunder');
    const menu = refunder.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem', { name: '订单管理' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '课程管理' })).toHaveCount(0);

    // The member page shows no 赠送 buttons, and the API refuses the grant all the same.
    await refunder.goto(`/admin/members/${memberId}`);
    await expect(refunder.getByRole('tab', { name: '资料' })).toBeVisible();
    await expect(refunder.getByRole('button', { name: '赠送课程' })).toHaveCount(0);
    expect(
      await consoleChange(refunder.request, 'POST', `/api/admin/members/${memberId}/grants`, {
        kind: 'course',
        course_id: 1,
        reason: '补偿',
      }),
    ).toEqual({ code: 403, message: '没有权限执行此操作', data: [] });

    await openConsoleSection(refunder, '订单管理');
    await refunder.getByRole('searchbox', { name: '搜索订单' }).fill(mobile);
    await refunder.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
    await refunder
      .getByRole('row', { name: /机器学习入门/ })
      .getByRole('link', { name: '详情' })
      .click();
    await refunder.getByRole('button', { name: '退款' }).click();
    const refund = refunder.getByRole('dialog');
    await refund.getByLabel('退款原因').fill('学员申请');
    await refund.getByRole('button', { name: '提交退款' }).click();
    await refunder.getByRole('tooltip').getByRole('button', { name: '确认退款' }).click();
    await expect(refunder.getByText('已退款', { exact: true }).first()).toBeVisible();
    await refunderContext.close();
  });

  test('客服 sees no 修改手机号 and is refused the change at the API', async ({ browser, kezhan }) => {
    const token = await registerMember(kezhan, uniqueMobile());
    const memberId = await memberIdOf(kezhan, token);
    const ownerContext = await openConsoleContext(browser, kezhan.baseURL);
    const owner = await ownerContext.newPage();
    await signInToConsole(owner);
    await createAdministrator(owner, 'helpdesk', '客服');
    await ownerContext.close();

    const supportContext = await openConsoleContext(browser, kezhan.baseURL);
    const support = await supportContext.newPage();
    await signInAs(support, 'helpdesk');
    await support.goto(`/admin/members/${memberId}`);
    await expect(support.getByRole('tab', { name: '资料' })).toBeVisible();
    await expect(support.getByRole('button', { name: '锁定' })).toBeVisible();
    await expect(support.getByRole('button', { name: '修改手机号' })).toHaveCount(0);
    await expect(support.getByRole('button', { name: '重置密码' })).toHaveCount(0);
    expect(
      await consoleChange(support.request, 'PUT', `/api/admin/members/${memberId}/mobile`, {
        mobile: uniqueMobile(),
        reason: '学员换号',
      }),
    ).toEqual({ code: 403, message: '没有权限执行此操作', data: [] });
    // The member keeps their session: nothing changed.
    const detail = await fetch(`${kezhan.baseURL}/api/v2/member/detail`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await detail.json()) as { code: number }).code).toBe(0);
    await supportContext.close();
  });
});
