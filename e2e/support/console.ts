import { expect, type Browser, type Page } from '@playwright/test';
import { DESKTOP_UA } from './devices';

/** The operator console is a desktop app: a wide window, a mouse, a desktop browser. */
export function openConsoleContext(browser: Browser, baseURL: string) {
  return browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent: DESKTOP_UA,
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/** Signs the demo 超级管理员 in; the console opens on 数据概览. */
export async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('kezhan123');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** `test.use(CONSOLE_DESKTOP)`: a console spec's pages get the desktop window of openConsoleContext. */
export const CONSOLE_DESKTOP = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  userAgent: DESKTOP_UA,
  deviceScaleFactor: 1,
};

/** Opens a section of the console from its main menu. */
export async function openConsoleSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('menuitem', { name: label }).click();
}
