import { axeViolations } from '../support/a11y';
import { IPHONE_UA } from '../support/devices';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile } from '../support/server';
import { CONSOLE_DESKTOP, signInToConsole } from '../support/console';

/** The console is desktop-first; the member reads on a phone. */
test.use(CONSOLE_DESKTOP);

test.describe('operator console: members and messages', () => {
  test.describe.configure({ timeout: 120_000 });

  test('admin finds a member and sends them a message; the member sees it unread in the h5', async ({
    page,
    browser,
    kezhan,
  }) => {
    const mobile = uniqueMobile();
    const token = await registerMember(kezhan, mobile);

    await signInToConsole(page);

    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByRole('menuitem', { name: '学员管理' }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await page.getByRole('searchbox', { name: '搜索学员' }).fill(mobile);
    await page.getByRole('searchbox', { name: '搜索学员' }).press('Enter');
    const row = page.getByRole('row', { name: new RegExp(mobile) });
    await expect(row).toBeVisible();
    await expect(page.getByText('共 1 名学员')).toBeVisible();
    expect(await axeViolations(page, 'console member list')).toEqual([]);
    await row.getByRole('link', { name: '详情' }).click();
    await expect(page).toHaveURL(/\/admin\/members\/\d+$/);

    for (const tab of ['资料', '订单', '课程与进度', '登录记录', '社交绑定']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await expect(page.getByText(mobile)).toBeVisible();
    await page.getByRole('tab', { name: '登录记录' }).click();
    await expect(page.getByRole('tabpanel').getByText('有效')).toBeVisible();
    expect(await axeViolations(page, 'console member detail')).toEqual([]);

    const text = `您好，您的学习资料已更新 ${Date.now()}`;
    await page.getByRole('button', { name: '发送消息' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('请输入消息内容')).toBeVisible();
    await dialog.getByLabel('消息内容').fill(text);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('消息已发送')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The member, on a phone: the message waits unread in their inbox.
    const phone = await browser.newContext({
      baseURL: kezhan.baseURL,
      viewport: { width: 375, height: 667 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    // Stored once per tab, as a login would: a later sign-out stays signed out.
    await phone.addInitScript((t) => {
      if (!sessionStorage.getItem('kz-e2e-seeded')) {
        localStorage.setItem('meedu-h5-token', t);
        sessionStorage.setItem('kz-e2e-seeded', '1');
      }
    }, token);
    const h5 = await phone.newPage();
    await h5.goto('/member');
    const messagesLink = h5.getByRole('link', { name: /我的消息/ });
    // The registration message and the console's.
    // A shared 2-core machine can take a while to bring up the h5 the first time.
    await expect(messagesLink.getByLabel('2条未读消息')).toBeVisible({ timeout: 30_000 });
    await messagesLink.click();
    await expect(h5).toHaveURL(/\/messages$/);
    const item = h5.getByRole('button', { name: new RegExp(text) });
    await expect(item).toBeVisible();
    await expect(item.getByLabel('未读')).toBeVisible();

    // Locking signs the member out at once: their next page load shows them signed out.
    await page.getByRole('button', { name: '锁定' }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已锁定，学员已在所有设备退出登录')).toBeVisible();
    await expect(page.getByRole('button', { name: '解锁' })).toBeVisible();
    await h5.goto('/member');
    await expect(h5.getByRole('link', { name: /请登录/ })).toBeVisible({ timeout: 15_000 });
    await expect(h5.getByRole('link', { name: /我的消息/ })).toHaveAttribute('href', /\/login\?redirect=/);
    await phone.close();
  });
});
