import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { useTheme, type Theme } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Small screens and taps: every control at least 44×44 px at 375 and 320 px, covers lined up with
 * their headings, the VIP label never split inside a word, the buy bar on every tab of a course, a
 * cover that keeps to half the screen in landscape; and the 公告 bar's links.
 */

const WIDTHS = [375, 320];

async function courseId(kezhan: KezhanServer, title: string): Promise<number> {
  const res = await fetch(`${kezhan.baseURL}/api/v2/courses?page_size=50`);
  const list = (await res.json()) as { data: { data: { id: number; title: string }[] } };
  return list.data.data.find((c) => c.title === title)!.id;
}

async function ready(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"][aria-label="加载中"], [aria-busy="true"]')).toHaveCount(0);
}

/** Visible controls smaller than 44×44 px (text inside rich content excepted). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('a[href], button, [role="tab"]'))
      .filter((el) => !el.closest('.kz-rich-text'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
        return box.width < 43.5 || box.height < 43.5;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 12);
        return `${el.tagName.toLowerCase()}.${el.className} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      }),
  );
}

test.use({ bypassCSP: true });
test.setTimeout(120_000);

test('links, tabs and chips are at least 44×44 px at 375 and 320 px', async ({ page, kezhan }) => {
  const token = await registerMember(kezhan, uniqueMobile());
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
  const sql = await courseId(kezhan, 'SQL 实战：从查询到优化');
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 700 });
    for (const path of ['/', '/vod', '/search?keywords=Python', '/study', `/vod/detail?id=${sql}`]) {
      await page.goto(path);
      await ready(page);
      for (const line of await smallTargets(page)) found.push(`${width} ${path}: ${line}`);
    }
    // the search history chips
    await page.goto('/search');
    await ready(page);
    for (const line of await smallTargets(page)) found.push(`${width} /search (history): ${line}`);
  }
  expect(found).toEqual([]);
});

test('covers on home and the course list line up with their headings', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    await ready(page);
    const heading = await page.locator('.kz-block-vod-head h2').first().boundingBox();
    const cover = await page.locator('.kz-block-vod .kz-course-item-cover').first().boundingBox();
    expect(Math.abs(cover!.x - heading!.x), `home at ${width}`).toBeLessThan(1);

    await page.goto('/vod');
    await ready(page);
    const row = await page.locator('.kz-course-rows > li').first().boundingBox();
    const listCover = await page.locator('.kz-course-rows .kz-course-item-cover').first().boundingBox();
    const title = await page.locator('.kz-course-rows .kz-course-item-title').first().boundingBox();
    // The cover starts where its row does, the title 12 px after the cover.
    expect(Math.abs(listCover!.x - row!.x), `list at ${width}`).toBeLessThan(1);
    expect(Math.abs(title!.x - (listCover!.x + listCover!.width + 12))).toBeLessThan(1);
  }
});

test('VIP会员免费看 wraps only between VIP会员 and 免费看, and the buy bar stays on every tab', async ({
  page,
  kezhan,
}) => {
  const sql = await courseId(kezhan, 'SQL 实战：从查询到优化');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto(`/vod/detail?id=${sql}`);
    await ready(page);
    const vip = page.getByRole('button', { name: 'VIP会员免费看' });
    await expect(vip).toBeVisible();
    // Each half is on one line (never 免费 / 看) …
    const lines = await vip
      .locator('span')
      .evaluateAll((spans) => spans.map((s) => [s.textContent, s.getClientRects().length]));
    expect(lines).toEqual([
      ['VIP会员', 1],
      ['免费看', 1],
    ]);
    // … and at these widths the whole label is one line: the button keeps its 44 px.
    expect((await vip.boundingBox())!.height).toBeLessThanOrEqual(44.5);

    for (const tab of ['评论', '课件', '目录', '介绍']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('button', { name: '购买课程' }), `${tab} at ${width}`).toBeInViewport();
      await expect(vip).toBeInViewport();
    }
  }
});

test('in landscape the course cover keeps to half the screen and the title stays in view', async ({
  page,
  kezhan,
}) => {
  const sql = await courseId(kezhan, 'SQL 实战：从查询到优化');
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto(`/vod/detail?id=${sql}`);
  await ready(page);
  const cover = await page.locator('img.kz-detail-cover').boundingBox();
  expect(cover!.height).toBeLessThanOrEqual(390 / 2 + 0.5);
  // Never drawn much larger than the 480 px picture.
  expect(cover!.width).toBeLessThanOrEqual(480);
  await expect(page.getByRole('heading', { name: 'SQL 实战：从查询到优化' })).toBeInViewport();
});

test('locked lessons show a lock; the trial lesson does not', async ({ page, kezhan }) => {
  const sql = await courseId(kezhan, 'SQL 实战：从查询到优化');
  await page.goto(`/vod/detail?id=${sql}`);
  await ready(page);
  await page.getByRole('tab', { name: '目录' }).click();
  await expect(
    page.getByRole('button', { name: /JOIN 的几种写法/ }).getByRole('img', { name: '未解锁' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /排序与分页/ }).getByRole('img', { name: '未解锁' }),
  ).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`the 公告 bar: links not underlined, 更多's name contains its text (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/');
    await ready(page);
    const bar = page.locator('.kz-announcement-bar');
    await expect(bar).toBeVisible();
    const underlined = await bar
      .locator('a')
      .evaluateAll((links) => links.filter((a) => getComputedStyle(a).textDecorationLine !== 'none').length);
    expect(underlined).toBe(0);
    const result = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(result.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  });
}

test('a tap into a text field draws no outline; Tab into it draws the focus ring', async ({ page }) => {
  await page.goto('/login-password');
  const mobile = page.getByPlaceholder('请输入手机号码');
  await mobile.tap();
  await expect(mobile).toBeFocused();
  expect(await mobile.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
  await page.keyboard.press('Tab');
  const password = page.getByPlaceholder('请输入密码');
  await expect(password).toBeFocused();
  const ring = await password.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(ring).toEqual({ style: 'solid', width: '2px' });
});

test('继续学习 card: the lesson name and the progress each on one line at 320 px, and its place is kept when it comes late', async ({
  page,
  kezhan,
}) => {
  const token = await registerMember(kezhan, uniqueMobile());
  const list = await (await fetch(`${kezhan.baseURL}/api/v2/courses?page_size=50`)).json();
  const python = (list as { data: { data: { id: number; title: string }[] } }).data.data.find(
    (c) => c.title === 'Python 零基础入门',
  )!;
  const detail = await (await fetch(`${kezhan.baseURL}/api/v2/course/${python.id}`)).json();
  const first = Object.values(
    (detail as { data: { videos: Record<string, { id: number }[]> } }).data.videos,
  ).flat()[0];
  const record = await fetch(`${kezhan.baseURL}/api/v2/video/${first.id}/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ duration: 3 }),
  });
  expect(((await record.json()) as { code: number }).code).toBe(0);
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);

  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/');
  const card = page.locator('.kz-continue');
  await expect(card).toBeVisible();
  const lines = await card.evaluate((el) => {
    const height = (selector: string) => el.querySelector(selector)!.getBoundingClientRect().height;
    const title = el.querySelector('.kz-continue-title')!.getBoundingClientRect();
    return {
      title: title.width,
      titleHeight: height('.kz-continue-title'),
      percent: height('.kz-continue-percent'),
    };
  });
  // The lesson name has the card's width beside the cover (not a few characters), one line each.
  expect(lines.title).toBeGreaterThan(150);
  expect(lines.titleHeight).toBeLessThanOrEqual(20.5);
  expect(lines.percent).toBeLessThanOrEqual(20.5);

  // Next visit, the member's answer comes 2 s after the page: nothing moves when the card arrives.
  await page.route('**/api/v3/member/courses/learned**', async (route) => {
    await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(card).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
});
