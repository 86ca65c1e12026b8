import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { CONSOLE_DESKTOP, signInToConsole } from '../support/console';

test.use(CONSOLE_DESKTOP);

// A few seconds on an idle machine; the margin is for a busy CI runner.
test.setTimeout(60_000);

test('console: a course attachment is uploaded, shown to members, and removed', async ({ page }) => {
  await signInToConsole(page);
  // A demo course, opened straight from its address (the page shares the console's cookie).
  const courses = await (await page.request.get('/api/admin/courses?page_size=1')).json();
  const courseId: number = courses.data.data[0].id;
  await page.goto(`/admin/courses/${courseId}`);
  await expect(page.getByRole('heading', { name: '编辑课程' })).toBeVisible({ timeout: 15_000 });

  const card = page.locator('#course-attachments');
  const name = `讲义-${Date.now()}.pdf`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  await card
    .locator('input[type="file"][aria-label="上传课程附件"]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText(`附件《${name}》已上传`)).toBeVisible();
  const row = card.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: `${pdf.length} B` })).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('#course-attachments').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
    [],
  );

  // Members see it in the course detail.
  const detail = await (await page.request.get(`/api/v2/course/${courseId}`)).json();
  expect(detail.data.attach).toContainEqual(
    expect.objectContaining({ name, size: pdf.length, extension: 'pdf' }),
  );

  await row.getByRole('button', { name: `删除附件《${name}》` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`附件《${name}》已删除`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
