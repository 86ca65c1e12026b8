import { expect, test } from '../support/fixtures';
import { makePng } from '../../apps/server/test/support/images';
import { CONSOLE_DESKTOP, signInToConsole } from '../support/console';

test.use(CONSOLE_DESKTOP);

test.describe('console course editor', () => {
  test.describe.configure({ timeout: 120_000 });

  test('uploads a cover cropped to 16:9 and writes the description as rich text', async ({ page }) => {
    await signInToConsole(page);
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('menuitem', { name: '课程管理' })
      .click();

    await page.getByRole('button', { name: '新建课程' }).click();
    await page.getByLabel('课程名称').fill('带封面的课程');
    await page.getByLabel('链接标识').fill(`cover-${Date.now()}`);
    await page.getByLabel('分类').click();
    await page.locator('.ant-select-item-option').first().click();

    const square = makePng(800, 800);
    await page
      .locator('input[type="file"][accept="image/jpeg,image/png,image/webp"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: square });
    await expect(page.getByText('封面已上传，保存课程后生效')).toBeVisible();
    await expect(page.getByLabel('封面地址')).toHaveValue(
      /\/storage\/images\/course-cover\/.+\.800x450\.png$/,
    );
    const preview = page.getByRole('img', { name: '封面预览' });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([800, 450]);

    const editor = page.locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('第一段介绍');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'bold' }).click();
    await page.keyboard.type('重点内容');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('课程已创建')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);

    await page.reload();
    await expect(page.getByRole('heading', { name: '编辑课程' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.ql-editor strong')).toHaveText('重点内容');
    await expect(page.locator('.ql-editor p').first()).toHaveText('第一段介绍');
    await expect(page.getByRole('img', { name: '封面预览' })).toBeVisible();
  });
});
