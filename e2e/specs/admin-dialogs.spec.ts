import { expect, test } from '../support/fixtures';
import { CONSOLE_DESKTOP, openConsoleSection, signInToConsole } from '../support/console';

/** The console's form dialogs and saves, on the pages no other spec walks through. */
test.use(CONSOLE_DESKTOP);

test.describe('operator console: dialogs and saves', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a category is created, edited from its saved values and deleted', async ({ page }) => {
    await signInToConsole(page);
    await openConsoleSection(page, '课程分类');
    await expect(page.getByRole('heading', { name: '课程分类' })).toBeVisible();

    const name = `分类${Date.now().toString(36)}`;
    await page.getByRole('button', { name: '新建分类' }).click();
    const create = page.getByRole('dialog', { name: '新建分类' });
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(create.getByText('请输入分类名称')).toBeVisible();
    await create.getByLabel('名称').fill(name);
    await create.getByLabel('链接标识').fill(`e2e-${Date.now().toString(36)}`);
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('已保存')).toBeVisible();
    await expect(create).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑分类' });
    await expect(edit.getByLabel('名称')).toHaveValue(name);
    await edit.getByLabel('名称').fill(`${name}改`);
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(edit).toBeHidden();
    const renamed = page.getByRole('row').filter({ hasText: `${name}改` });
    await expect(renamed).toBeVisible();

    // A new dialog starts empty again, not from the category edited before.
    await page.getByRole('button', { name: '新建分类' }).click();
    await expect(page.getByRole('dialog', { name: '新建分类' }).getByLabel('名称')).toHaveValue('');
    await page
      .getByRole('dialog', { name: '新建分类' })
      .getByRole('button', { name: /取\s*消/ })
      .click();

    await renamed.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('已删除')).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  test('a VIP plan is created and opens for editing with its values', async ({ page }) => {
    await signInToConsole(page);
    await openConsoleSection(page, '会员计划');
    const name = `季卡${Date.now().toString(36)}`;
    await page.getByRole('button', { name: '新建会员计划' }).click();
    const create = page.getByRole('dialog', { name: '新建会员计划' });
    await expect(create.getByLabel('价格（元）')).toHaveValue('99');
    await create.getByLabel('名称').fill(name);
    await create.getByLabel('天数').fill('90');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('已保存')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('在售');

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑会员计划' });
    await expect(edit.getByLabel('名称')).toHaveValue(name);
    await expect(edit.getByLabel('天数')).toHaveValue('90');
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await expect(edit).toBeHidden();
  });

  test('a group message is sent and listed; unchanged settings are not saved', async ({ page }) => {
    await signInToConsole(page);
    await openConsoleSection(page, '站内消息');
    await expect(page.getByRole('heading', { name: '站内消息' })).toBeVisible();
    await page.getByText('VIP 会员').click();
    await page.getByRole('button', { name: /发\s*送/ }).click();
    await expect(page.getByText('请输入消息内容（500 字以内）')).toBeVisible();
    const text = `会员专属通知 ${Date.now()}`;
    await page.getByLabel('消息内容').fill(text);
    await page.getByRole('button', { name: /发\s*送/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: /确认发送给 \d+ 名学员？/ });
    await confirm.getByRole('button', { name: '确认发送' }).click();
    await expect(page.getByText('已开始发送，可在下方查看进度')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: text })).toContainText('VIP');
    await expect(page.getByLabel('消息内容')).toHaveValue('');

    await openConsoleSection(page, '站点设置');
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect(page.getByText('没有修改')).toBeVisible();
  });
});
