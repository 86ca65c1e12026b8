import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Offline, moving between screens keeps what they showed before (the data layer's last answer of
 * each key, for this member), under the offline banner; back online the banner goes and every
 * screen on show loads again.
 */

const BANNER = '网络已断开，当前显示的是之前加载的内容，联网后会自动刷新';
const PYTHON = 'Python 零基础入门';

/** A new member who has watched a few seconds of the free Python course (so 在学 lists it). */
async function memberLearningPython(kezhan: KezhanServer): Promise<string> {
  const token = await registerMember(kezhan, uniqueMobile());
  const get = async <T>(path: string) =>
    ((await (await fetch(`${kezhan.baseURL}${path}`)).json()) as { data: T }).data;
  const list = await get<{ data: { id: number; title: string }[] }>('/api/v2/courses?page_size=50');
  const python = list.data.find((c) => c.title === PYTHON)!;
  const detail = await get<{ videos: Record<string, { id: number }[]> }>(`/api/v2/course/${python.id}`);
  const first = Object.values(detail.videos).flat()[0]!;
  const record = await fetch(`${kezhan.baseURL}/api/v2/video/${first.id}/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ duration: 3 }),
  });
  expect(((await record.json()) as { code: number }).code).toBe(0);
  return token;
}

const tabs = (page: Page) => page.getByRole('navigation', { name: '底部导航' });
const studyRow = (page: Page) => page.locator('.kz-study-list').getByText(PYTHON).first();

async function homeShown(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
  await expect(page.locator('.kz-continue')).toBeVisible();
  await expect(page.getByText(/首页内容加载失败/)).toHaveCount(0);
}

async function studyShown(page: Page) {
  await expect(page).toHaveURL(/\/study$/);
  await expect(studyRow(page)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /加载失败|服务器/ })).toHaveCount(0);
}

/** The course list with its first page of courses; answers the first course's text. */
async function courseListShown(page: Page, first?: string): Promise<string> {
  await expect(page).toHaveURL(/\/vod$/);
  await expect(page.getByRole('heading', { name: '录播课程' })).toBeVisible();
  const item = page.locator('.kz-course-item').first();
  await expect(item).toBeVisible();
  if (first !== undefined) await expect(item).toHaveText(first);
  return (await item.textContent()) ?? '';
}

async function noAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, label)).toEqual([]);
}

test.use({ bypassCSP: true });
test.setTimeout(120_000);

for (const width of [375, 320]) {
  test(`offline at ${width} px: 首页, 在学 and the course list keep their content between tabs; online again refreshes`, async ({
    page,
    kezhan,
  }) => {
    const token = await memberLearningPython(kezhan);
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    await page.setViewportSize({ width, height: 700 });

    // Online: each screen once.
    await page.goto('/');
    await homeShown(page);
    await tabs(page).getByRole('button', { name: '在学' }).click();
    await studyShown(page);
    await tabs(page).getByRole('button', { name: '首页' }).click();
    await homeShown(page);
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '全部课程' }).click();
    const firstCourse = await courseListShown(page);
    await page.goBack();
    await homeShown(page);

    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: BANNER });
    await expect(banner).toBeVisible();

    // Back and forth between the tabs: every screen shows what it showed, under the banner.
    for (let round = 0; round < 2; round++) {
      await tabs(page).getByRole('button', { name: '在学' }).click();
      await studyShown(page);
      await expect(banner).toBeVisible();
      await tabs(page).getByRole('button', { name: '首页' }).click();
      await homeShown(page);
      await expect(banner).toBeVisible();
    }
    await noAxeViolations(page, `home offline ${width}`);
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '全部课程' }).click();
    await courseListShown(page, firstCourse);
    await expect(banner).toBeVisible();
    await noAxeViolations(page, `course list offline ${width}`);
    await page.goBack();
    await homeShown(page);
    await tabs(page).getByRole('button', { name: '在学' }).click();
    await studyShown(page);
    await noAxeViolations(page, `study offline ${width}`);

    // Online again: the banner goes and the screen on show asks the server again.
    const refreshed = page.waitForResponse(
      (res) => res.url().includes('/api/v3/member/courses/learned') && res.status() === 200,
    );
    await page.context().setOffline(false);
    await expect(banner).toBeHidden();
    await refreshed;
    await studyShown(page);
  });
}
