import type { Page } from '@playwright/test';
import { expect, loginWithSms, test } from '../support/fixtures';
import { uniqueMobile } from '../support/server';

/** Collects every Content-Security-Policy violation the page reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test.describe('Content-Security-Policy of the h5', () => {
  test('is sent with the app, which still works under it: browse, log in, play a lesson', async ({
    page,
    kezhan,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');

    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '全部课程' }).click();
    await page.getByRole('tab', { name: '免费' }).click();
    await page.getByRole('link', { name: /Python 零基础入门/ }).click();
    await expect(page.getByRole('heading', { name: 'Python 零基础入门' })).toBeVisible();
    await page.getByRole('tab', { name: '目录' }).click();
    await page.getByRole('button', { name: /课程介绍与学习方法/ }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginWithSms(page, kezhan, uniqueMobile());
    await expect(page).toHaveURL(/\/vod\/video\?id=\d+$/);

    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-source', 'hls.js');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(1);
    expect(violations).toEqual([]);
  });

  test('refuses an injected inline script, so a stolen token needs more than an HTML injection', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = localStorage.length';
      document.body.appendChild(script);
      return (window as unknown as { __injected?: number }).__injected;
    });
    expect(ran).toBeUndefined();
    await expect.poll(() => violations.some((text) => text.startsWith('script-src'))).toBe(true);
  });
});
