import type { Page } from '@playwright/test';
import { axeViolations, COLOUR_RULES } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * axe-core on every screen, logged out and logged in, dialogs included: 0 violations.
 * Each test visits its screens in turn and reports every violation at once. Each screen is scanned
 * in the light theme with every rule, then in the dark theme (which changes only colours) with
 * the colour rules.
 */

interface Lesson {
  id: number;
  title: string;
}

async function get<T>(kezhan: KezhanServer, path: string): Promise<T> {
  const res = await fetch(`${kezhan.baseURL}${path}`, { headers: { Accept: 'application/json' } });
  return ((await res.json()) as { data: T }).data;
}

export async function demoCourse(kezhan: KezhanServer, title: string) {
  const list = await get<{ data: { id: number; title: string }[] }>(kezhan, '/api/v2/courses?page_size=50');
  const course = list.data.find((c) => c.title === title)!;
  const detail = await get<{ videos: Record<string, Lesson[]> }>(kezhan, `/api/v2/course/${course.id}`);
  const lessons = Object.values(detail.videos).flat();
  return { id: course.id, lesson: (name: string) => lessons.find((l) => l.title === name)!, lessons };
}

/** Waits until the page shows its content (no loading status), then lets animations settle. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"][aria-label="加载中"], [aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
}

/**
 * axe violations of the page as it is, in both themes: every rule in the light one, then the
 * colour rules in the dark one (the app follows the system's colour scheme, so switching it
 * repaints the same screen without loading it again).
 */
async function scanThemes(page: Page, label: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const found = await axeViolations(page, `${label} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForTimeout(150);
  found.push(...(await axeViolations(page, `${label} (dark)`, COLOUR_RULES)));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  return found;
}

/** A screen's violations in both themes, plus a line when it has not exactly one h1. */
async function scan(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  const found = await scanThemes(page, path);
  const h1 = await page.locator('h1').allInnerTexts();
  if (h1.length !== 1) found.push(`${path} has ${h1.length} h1: ${h1.join(' / ')}`);
  return found;
}

test.setTimeout(240_000);

test.describe('axe (light and dark)', () => {
  test.beforeEach(async ({ page }) => {
    // 跟随系统 (no stored 外观), light until a scan switches the system's scheme.
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  });

  test('visitor screens have no violations', async ({ page, kezhan }) => {
    const sql = await demoCourse(kezhan, 'SQL 实战：从查询到优化');
    const found: string[] = [];
    for (const path of [
      '/',
      '/vod',
      `/vod/detail?id=${sql.id}`,
      '/search',
      '/search?keywords=Python',
      '/member',
      '/member/setting',
      '/login',
      '/login-password',
      '/password-reset',
      '/login-error',
      '/no-such-page',
    ])
      found.push(...(await scan(page, path)));

    // the captcha dialog of the SMS login
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号码').fill(uniqueMobile());
    await page.getByRole('checkbox', { name: /勾选同意/ }).check();
    await page.getByRole('button', { name: '获取短信验证码' }).click();
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await page.waitForTimeout(300);
    found.push(...(await scanThemes(page, 'captcha dialog')));
    expect(found).toEqual([]);
  });

  test('member screens have no violations', async ({ page, kezhan }) => {
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    const sql = await demoCourse(kezhan, 'SQL 实战：从查询到优化');
    const python = await demoCourse(kezhan, 'Python 零基础入门');
    const found: string[] = [];
    for (const path of [
      '/',
      '/vod',
      '/search?keywords=SQL',
      '/study',
      '/study?tab=course',
      '/study?tab=collect',
      '/member',
      '/member/profile',
      '/member/order',
      '/messages',
      '/member/password',
      '/member/mobile',
      '/member/setting',
      '/role',
      `/vod/detail?id=${sql.id}`,
      `/vod/video?id=${python.lessons[0].id}`,
      `/vod/video?id=${sql.lesson('JOIN 的几种写法').id}`,
      `/order?goods_type=vod&goods_id=${sql.id}`,
      '/order?goods_type=role&goods_id=1',
      '/order/pay?orderId=NO-SUCH-ORDER&price=129&payment=handPay&type=vod&id=1',
      '/order/success?order_id=NO-SUCH-ORDER',
      '/member/mobileVerify',
    ])
      found.push(...(await scan(page, path)));

    // dialogs: the promo code popup, the logout confirmation
    await page.goto(`/order?goods_type=vod&goods_id=${sql.id}`);
    await settle(page);
    await page.getByRole('button', { name: /使用优惠码/ }).click();
    await expect(page.getByPlaceholder('请输入优惠码')).toBeVisible();
    await page.waitForTimeout(300);
    found.push(...(await scanThemes(page, 'promo code popup')));

    // the nickname dialog of the profile
    await page.goto('/member/profile');
    await settle(page);
    await page.getByText('昵称', { exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(300);
    found.push(...(await scanThemes(page, 'nickname dialog')));

    await page.goto('/member/setting');
    await settle(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('确认安全退出登录？')).toBeVisible();
    await page.waitForTimeout(300);
    found.push(...(await scanThemes(page, 'logout dialog')));
    expect(found).toEqual([]);
  });
});

test.describe('keyboard', () => {
  test('dialogs give the focus back; the video player plays, seeks and pauses from the keyboard', async ({
    page,
    kezhan,
  }) => {
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);

    await page.goto('/member/setting');
    const logout = page.getByRole('button', { name: '退出登录' });
    await logout.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '退出登录' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(logout).toBeFocused();

    // a declarative popup: the promo code field, closed with its 关闭 button
    const sql = await demoCourse(kezhan, 'SQL 实战：从查询到优化');
    await page.goto(`/order?goods_type=vod&goods_id=${sql.id}`);
    const promo = page.getByRole('button', { name: /使用优惠码/ });
    await promo.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByPlaceholder('请输入优惠码')).toBeVisible();
    await page.getByRole('dialog', { name: '使用优惠码' }).getByRole('button', { name: '关闭' }).click();
    await expect(page.getByPlaceholder('请输入优惠码')).toBeHidden();
    await expect(promo).toBeFocused();

    const python = await demoCourse(kezhan, 'Python 零基础入门');
    await page.goto(`/vod/video?id=${python.lessons[0].id}`);
    const video = page.getByLabel('视频播放器');
    await expect(video).toHaveAttribute('data-source', /.+/);
    await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
    await video.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('ArrowRight');
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(before + 4);
    await page.keyboard.press('k');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
