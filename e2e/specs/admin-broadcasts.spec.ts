import { CONSOLE_DESKTOP, openConsoleSection, signInToConsole } from '../support/console';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile } from '../support/server';

/** The console is desktop-first. */
test.use(CONSOLE_DESKTOP);

/**
 * 站内消息: the form checks itself in Chinese (never an uncaught page error), finds a member by
 * mobile or nickname instead of asking for an id, and states how many members a message reaches
 * before it is sent; cancelling sends nothing.
 */
test.describe('console broadcasts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('validation in Chinese, a member picked by mobile, the audience size confirmed before sending', async ({
    page,
    kezhan,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const mobile = uniqueMobile();
    await registerMember(kezhan, mobile);

    await signInToConsole(page);
    await openConsoleSection(page, '站内消息');
    await expect(page.getByRole('heading', { name: '站内消息' })).toBeVisible();
    const send = page.getByRole('button', { name: /发\s*送/ });

    // Nothing filled in: the fields say what is missing, the page throws nothing.
    await send.click();
    await expect(page.getByText('请选择学员')).toBeVisible();
    await expect(page.getByText('请输入消息内容（500 字以内）')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The member is found by the mobile typed, shown masked.
    await page.getByLabel('学员', { exact: true }).fill(mobile);
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `（${masked}）` })
      .click();
    await expect(page.getByText('请选择学员')).toHaveCount(0);
    const text = `单独通知 ${Date.now()}`;
    await page.getByLabel('消息内容').fill(text);
    await send.click();
    const toOne = page.getByRole('dialog').filter({ hasText: '确认发送给 1 名学员？' });
    await expect(toOne).toContainText('发送对象：单个学员');
    await toOne.getByRole('button', { name: '确认发送' }).click();
    await expect(page.getByText('消息已发送')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: text })).toContainText('已完成');

    // Everyone: the dialog gives the server's count now; cancelling sends nothing.
    const everyone = `全员通知 ${Date.now()}`;
    await page.getByText('全部学员', { exact: true }).click();
    await page.getByLabel('消息内容').fill(everyone);
    const counted = await page.request.get('/api/admin/broadcasts/audience?audience=all');
    const { total } = ((await counted.json()) as { data: { total: number } }).data;
    expect(total).toBeGreaterThan(1);
    await send.click();
    const toAll = page.getByRole('dialog').filter({ hasText: `确认发送给 ${total} 名学员？` });
    await expect(toAll).toContainText('发送对象：全部学员。发送后不能撤回。');
    await toAll.getByRole('button', { name: '取消' }).click();
    await expect(toAll).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: everyone })).toHaveCount(0);

    expect(pageErrors).toEqual([]);
  });
});
