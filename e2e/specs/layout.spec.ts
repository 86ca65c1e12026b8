import type { Page } from '@playwright/test';
import { overflowingElements, useTheme, type Theme } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Small screens, landscape, text zoom and both themes: nothing wider than the viewport on the
 * home page, a course detail and the video page; covers and pictures shown whole; money and
 * consent controls at least 44×44 px.
 */

interface Lesson {
  id: number;
  title: string;
}

async function get<T>(kezhan: KezhanServer, path: string): Promise<T> {
  const res = await fetch(`${kezhan.baseURL}${path}`, { headers: { Accept: 'application/json' } });
  return ((await res.json()) as { data: T }).data;
}

async function sqlCourse(kezhan: KezhanServer) {
  const list = await get<{ data: { id: number; title: string }[] }>(kezhan, '/api/v2/courses?page_size=50');
  const course = list.data.find((c) => c.title === 'SQL 实战：从查询到优化')!;
  const detail = await get<{ videos: Record<string, Lesson[]> }>(kezhan, `/api/v2/course/${course.id}`);
  const trial = Object.values(detail.videos)
    .flat()
    .find((l) => l.title === '排序与分页')!;
  return { id: course.id, trialId: trial.id };
}

async function ready(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"][aria-label="加载中"], [aria-busy="true"]')).toHaveCount(0);
}

const VIEWPORTS = [
  { name: '320 px', width: 320, height: 568 },
  { name: '390 px', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
];

test.use({ bypassCSP: true });

test.describe('no overflow', () => {
  test.setTimeout(120_000);
  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`home, course detail and video page fit 320 px, 390 px and landscape (${theme})`, async ({
      page,
      kezhan,
    }, testInfo) => {
      await useTheme(page, theme);
      const token = await registerMember(kezhan, uniqueMobile());
      await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
      const sql = await sqlCourse(kezhan);
      const found: string[] = [];
      const screens = [
        { name: 'home', path: '/' },
        { name: 'course-detail', path: `/vod/detail?id=${sql.id}` },
        { name: 'video', path: `/vod/video?id=${sql.trialId}` },
      ];
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const screen of screens) {
          await page.goto(screen.path);
          await ready(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          for (const line of await overflowingElements(page))
            found.push(`${viewport.name} ${screen.path}: ${line}`);
          // Kept with the test results (and in the HTML report) for a person to look at.
          await testInfo.attach(`${screen.name}-${viewport.name.replace(' ', '')}-${theme}.png`, {
            body: await page.screenshot({ animations: 'disabled' }),
            contentType: 'image/png',
          });
        }
      }
      expect(found).toEqual([]);
    });
  }

  test('at 1.3× text size the VIP会员免费看 and 购买课程 buttons stay inside the screen', async ({
    page,
    kezhan,
  }) => {
    const sql = await sqlCourse(kezhan);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`/vod/detail?id=${sql.id}`);
      await ready(page);
      await page.addStyleTag({ content: 'html { zoom: 1.3; }' });
      const vip = page.getByRole('button', { name: 'VIP会员免费看' });
      await expect(vip).toBeVisible();
      const fits = await vip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(fits).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
    }
  });

  test('landscape playback fills the screen with the controls on it', async ({ page, kezhan }) => {
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    const sql = await sqlCourse(kezhan);
    await page.setViewportSize({ width: 844, height: 390 });
    await page.goto(`/vod/video?id=${sql.trialId}`);
    await expect(page.locator('video')).toHaveAttribute('data-source', /.+/);
    await page.locator('video').evaluate((v: HTMLVideoElement) => (v.muted = true));
    await page.getByRole('button', { name: '播放', exact: true }).click();
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    const controls = await page.getByTestId('player-controls').boundingBox();
    expect(controls!.y + controls!.height).toBeLessThanOrEqual(390);
    const player = await page.locator('.kz-player').boundingBox();
    expect(player!.height).toBeGreaterThan(250);
    await expect(page.getByRole('button', { name: '全屏' })).toBeInViewport();
    // The buy bar does not float over the picture or its controls: it comes after them.
    const bar = await page.locator('.kz-detail-bar').boundingBox();
    expect(bar!.y).toBeGreaterThanOrEqual(controls!.y + controls!.height - 0.5);
  });
});

test.describe('pictures shown whole', () => {
  test('course covers keep the catalogue ratio (16:9) and show the whole picture', async ({ page }) => {
    await page.goto('/vod');
    await ready(page);
    const covers = page.locator('img.kz-course-item-cover');
    await expect(covers.first()).toBeVisible();
    const shapes = await covers.evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => ({
        box: img.clientWidth / img.clientHeight,
        fit: getComputedStyle(img).objectFit,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    );
    for (const shape of shapes) {
      expect(Math.abs(shape.box - 16 / 9)).toBeLessThan(0.03);
      expect(shape.fit).toBe('contain');
      expect([shape.width, shape.height]).toEqual(['128', '72']);
    }
  });

  test('the home page image group shows both pictures uncropped', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const images = page.locator('.kz-image-group-item img');
    await expect(images).toHaveCount(2);
    await images.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        images.evaluateAll((imgs: HTMLImageElement[]) =>
          imgs.every(
            (img) =>
              img.complete &&
              img.naturalWidth > 0 &&
              Math.abs(img.clientWidth / img.clientHeight - img.naturalWidth / img.naturalHeight) < 0.05,
          ),
        ),
      )
      .toBe(true);
  });
});

test.describe('tap targets', () => {
  const atLeast44 = async (page: Page, label: string, box: { width: number; height: number } | null) => {
    expect(box, label).not.toBeNull();
    expect(Math.round(box!.width), `${label} width`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box!.height), `${label} height`).toBeGreaterThanOrEqual(44);
  };

  test('money and consent controls are at least 44×44 px', async ({ page, kezhan }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    const sql = await sqlCourse(kezhan);

    await page.goto(`/vod/detail?id=${sql.id}`);
    await ready(page);
    for (const name of ['VIP会员免费看', '购买课程', '收藏'])
      await atLeast44(page, name, await page.getByRole('button', { name }).boundingBox());

    await page.goto(`/vod/video?id=${sql.trialId}`);
    await ready(page);
    await atLeast44(
      page,
      'trial 购买课程',
      await page.locator('.kz-trial-tip').getByRole('button', { name: '购买课程' }).boundingBox(),
    );
    await atLeast44(
      page,
      '购买课程 ￥129',
      await page.getByRole('button', { name: '购买课程 ￥129' }).boundingBox(),
    );

    await page.goto(`/order?goods_type=vod&goods_id=${sql.id}`);
    await ready(page);
    await atLeast44(page, 'agreement checkbox', await page.locator('.kz-agree-check').boundingBox());
    await atLeast44(
      page,
      'agreement link',
      await page.getByRole('link', { name: '《付费内容购买协议》' }).boundingBox(),
    );
    for (const radio of await page.getByRole('radio').all())
      await atLeast44(page, 'payment method', await radio.boundingBox());
    await atLeast44(page, '提交订单', await page.getByRole('button', { name: '提交订单' }).boundingBox());

    await page.goto('/role');
    await ready(page);
    await atLeast44(page, 'VIP agreement checkbox', await page.locator('.kz-agree-check').boundingBox());
    await atLeast44(page, '购买会员', await page.getByRole('button', { name: '购买会员' }).boundingBox());

    await page.evaluate(() => localStorage.removeItem('meedu-h5-token'));
    await page.goto('/login');
    await ready(page);
    await atLeast44(page, 'login agreement', await page.locator('.kz-protocol-check').boundingBox());
  });
});
