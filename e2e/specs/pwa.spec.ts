import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_MEMBER } from '../support/server';
import { expect, test, tokenFor } from '../support/fixtures';

/** A context that lets the service worker run (the other specs block it). */
async function pageWithServiceWorker(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; from the next load on it controls the page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

test.describe('installable app', () => {
  test('the manifest names the app and its icons load', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: '课栈',
      short_name: '课栈',
      display: 'standalone',
      start_url: '/',
    });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });

  test('offline, a page shows the offline screen with 重试; member answers are never cached', async ({
    browser,
    kezhan,
  }) => {
    const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: kezhan.baseURL });
    const token = await tokenFor(kezhan, DEMO_MEMBER.mobile, DEMO_MEMBER.password);
    await context.addInitScript((value) => localStorage.setItem('meedu-h5-token', value), token);
    const page = await pageWithServiceWorker(context);
    const memberDetail = page.waitForResponse((res) => res.url().includes('/api/v2/member/detail'));
    await page.goto('/member');
    expect((await memberDetail).status()).toBe(200);

    await context.setOffline(true);
    await page.goto('/vod');
    await expect(page.getByRole('heading', { name: '网络不可用' })).toBeVisible();
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();

    await context.setOffline(false);
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('heading', { name: '网络不可用' })).toBeHidden();
    await expect(page).toHaveURL(/\/vod$/);

    const byCache = await page.evaluate(async () => {
      const found: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        found[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
      }
      return found;
    });
    const cached = Object.values(byCache).flat();
    expect(cached.some((url) => url.includes('/assets/'))).toBe(true);
    // Covers and banners seen on the home page are kept for the next visit.
    expect(byCache['kezhan-images']?.length ?? 0).toBeGreaterThan(0);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(cached.filter((url) => url.includes('token'))).toEqual([]);
    await context.close();
  });
});
