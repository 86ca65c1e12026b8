import type { Response } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * Images on the home page: covers, banners and pictures come as the server's WebP copies picked
 * by srcset/sizes (never the full-size fallback), each with its box reserved, and the first banner
 * is fetched once, at high priority, as the copy the server preloaded.
 */
test('the home page loads right-sized WebP copies, the first banner preloaded once', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const images: { path: string; bytes: number }[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'image') return;
    void res.body().then(
      (body) => images.push({ path: new URL(res.url()).pathname, bytes: body.length }),
      () => undefined,
    );
  });
  await page.goto('/');
  // The app takes the drawing's place once the first banner is painted; the covers are then its own.
  await expect(page.locator('#root[data-first-screen]')).toHaveCount(0);
  const banner = page.locator('.kz-slider-slide img').first();
  await expect(banner).toHaveJSProperty('complete', true);
  await expect(banner).toHaveAttribute('fetchpriority', 'high');
  // 2× phone, a slide 360 px wide: the 768-px copy is more than needed, the 750-px original fits.
  expect(await banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/demo\/banners\/banner-1-[0-9a-f]{8}\.750x300\.w750\.webp$/,
  );

  const cover = page.locator('.kz-course-item-cover').first();
  await cover.scrollIntoViewIfNeeded();
  await expect(cover).toHaveJSProperty('complete', true);
  // Shown 128 px wide at 2×: the 256-px copy.
  expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.480x270\.w256\.webp$/);

  await page.waitForLoadState('networkidle');
  const boxes = await page.locator('img').evaluateAll((all) =>
    all.map((img) => ({
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
      src: (img as HTMLImageElement).currentSrc,
    })),
  );
  for (const { width, height, src } of boxes) {
    expect(width, src).toBeGreaterThan(0);
    expect(height, src).toBeGreaterThan(0);
  }
  const banners = images.filter((i) => i.path.includes('/banner-1-'));
  expect(banners.map((i) => i.path)).toHaveLength(1);
  expect(images.filter((i) => /\.(png|jpg)$/.test(i.path) && i.path.startsWith('/demo/covers/'))).toEqual([]);
  expect(images.reduce((sum, i) => sum + i.bytes, 0)).toBeLessThan(120_000);
});
