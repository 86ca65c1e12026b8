import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, overflowingElements, useTheme, type Theme } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * The lesson player on a phone: its own controls over the picture (never the browser's), shown and
 * hidden by a tap, speed remembered from one lesson to the next, 禁止拖动 kept by the scrubber,
 * the page still when a lesson ends, axe clean in both themes, at 375 px and 320 px.
 */

interface Lesson {
  id: number;
  title: string;
}

async function api<T>(kezhan: KezhanServer, path: string, token?: string) {
  const res = await fetch(`${kezhan.baseURL}${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return ((await res.json()) as { data: T }).data;
}

async function lessons(kezhan: KezhanServer, title: string): Promise<Lesson[]> {
  const list = await api<{ data: { id: number; title: string }[] }>(kezhan, '/api/v2/courses?page_size=50');
  const course = list.data.find((c) => c.title === title)!;
  const detail = await api<{ videos: Record<string, Lesson[]> }>(kezhan, `/api/v2/course/${course.id}`);
  return Object.values(detail.videos).flat();
}

async function member(page: Page, kezhan: KezhanServer): Promise<string> {
  const token = await registerMember(kezhan, uniqueMobile());
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
  return token;
}

async function grantVip(kezhan: KezhanServer, token: string) {
  const { id } = await api<{ id: number }>(kezhan, '/api/v2/member/detail', token);
  const admin = JSON.parse(readFileSync(join(kezhan.dataDir, 'admin.json'), 'utf8')) as { token: string };
  const res = await fetch(`${kezhan.baseURL}/internal/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-admin-token': admin.token },
    body: JSON.stringify({ argv: ['member:grant-vip', String(id), '1', '30'] }),
  });
  expect(res.ok).toBe(true);
}

const video = (page: Page) => page.getByLabel('视频播放器');
const bar = (page: Page) => page.getByTestId('player-controls');
/** The picture as a finger touches it (the layer over the video that takes taps and swipes). */
const picture = (page: Page) => page.getByTestId('player-surface');
const time = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Taps the picture's 播放 as a finger does; the lesson then plays (muted: no autoplay rules in the way). */
async function tapToPlay(page: Page) {
  await expect(video(page)).toHaveAttribute('data-source', /.+/);
  await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.getByRole('button', { name: '播放', exact: true }).tap();
  await expect.poll(() => time(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
}

for (const width of [375, 320]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('a free lesson plays with its own controls, shown and hidden by a tap, its speed remembered', async ({
      page,
      kezhan,
    }) => {
      const [first, second] = await lessons(kezhan, 'Python 零基础入门');
      await member(page, kezhan);
      await page.goto(`/vod/video?id=${first.id}`);
      await expect(video(page)).not.toHaveAttribute('controls');
      const current = page.getByRole('button', { name: new RegExp(first.title) });
      await expect(current).toContainText('当前');
      await tapToPlay(page);
      // The demo lesson lasts 12 s: slowed down so that it is still playing at the end of the test.
      await video(page).evaluate((v: HTMLVideoElement) => (v.playbackRate = 0.25));
      await expect(current).toContainText('播放中');
      await expect(video(page)).not.toHaveAttribute('controls');

      // Shown while playing, gone 3 s after the last touch, back with a tap, away with the next.
      await expect(bar(page)).toBeVisible();
      await expect(bar(page).getByRole('button', { name: '暂停' })).toBeVisible();
      await expect(bar(page)).toBeHidden({ timeout: 5000 });
      await picture(page).tap();
      await expect(bar(page)).toBeVisible();
      await page.waitForTimeout(400);
      await picture(page).tap();
      await expect(bar(page)).toBeHidden();

      // Every control is a 44 px target inside the picture, nothing overflows (one tap, not a double tap).
      await page.waitForTimeout(400);
      await picture(page).tap();
      const player = (await page.locator('.kz-player').boundingBox())!;
      for (const control of [
        bar(page).getByRole('button', { name: '暂停' }),
        bar(page).getByRole('slider', { name: '播放进度' }),
        bar(page).getByRole('button', { name: /^倍速/ }),
        bar(page).getByRole('button', { name: '全屏' }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
        expect(Math.round(box.width)).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(player.x + player.width + 0.5);
      }
      expect(await overflowingElements(page)).toEqual([]);

      await bar(page).getByRole('button', { name: '倍速，当前1.0x' }).tap();
      const speeds = page.getByRole('radiogroup', { name: '倍速' });
      await expect(speeds.getByRole('radio')).toHaveText(['2x', '1.5x', '1.25x', '1.0x', '0.75x']);
      await speeds.getByRole('radio', { name: '1.5x' }).tap();
      await expect(speeds).toHaveCount(0);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

      // The next lesson starts at the chosen speed.
      await page.goto(`/vod/video?id=${second.id}`);
      await tapToPlay(page);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      // Paused, the controls stay.
      await video(page).evaluate((v: HTMLVideoElement) => v.pause());
      await expect(bar(page).getByRole('button', { name: '倍速，当前1.5x' })).toHaveText('1.5x');
    });

    test('when the lesson ends the page does not move, and the next lesson is offered', async ({
      page,
      kezhan,
    }) => {
      const [first, second] = await lessons(kezhan, 'Python 零基础入门');
      await member(page, kezhan);
      await page.goto(`/vod/video?id=${first.id}`);
      await tapToPlay(page);
      const title = page.getByRole('heading', { name: first.title });
      const before = (await title.boundingBox())!.y;
      await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.5));
      await expect(page.getByText('本节已学完')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByText(`下一节：${second.title}`)).toBeVisible();
      expect((await title.boundingBox())!.y).toBe(before);
      await page.getByRole('button', { name: '下一节' }).tap();
      await expect(page).toHaveURL(new RegExp(`/vod/video\\?id=${second.id}$`));
    });
  });
}

test('禁止拖动: the scrubber will not go past what was watched, and says so', async ({ page, kezhan }) => {
  const lesson = (await lessons(kezhan, 'Go 语言构建 Web 服务')).find((l) => l.title === 'net/http 入门')!;
  await grantVip(kezhan, await member(page, kezhan));
  await page.goto(`/vod/video?id=${lesson.id}`);
  await tapToPlay(page);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  const watched = await time(page);
  const slider = bar(page).getByRole('slider', { name: '播放进度' });
  const box = (await slider.boundingBox())!;
  await slider.tap({ position: { x: box.width - 12, y: box.height / 2 } });
  await expect(page.getByText('禁止拖动到未观看的位置')).toBeVisible();
  expect(await time(page)).toBeLessThanOrEqual(watched + 1);
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`the player and its speed panel pass axe (${theme})`, async ({ page, kezhan }) => {
    await useTheme(page, theme);
    const [first] = await lessons(kezhan, 'Python 零基础入门');
    await member(page, kezhan);
    await page.goto(`/vod/video?id=${first.id}`);
    await expect(video(page)).toHaveAttribute('data-source', /.+/);
    const found = await axeViolations(page, `${theme} before play`);
    await tapToPlay(page);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    await expect(bar(page)).toBeVisible();
    found.push(...(await axeViolations(page, `${theme} controls`)));
    await bar(page).getByRole('button', { name: /^倍速/ }).tap();
    found.push(...(await axeViolations(page, `${theme} speed panel`)));
    expect(found).toEqual([]);
  });
}
