import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Protected video in the browser: the demo's paid lessons are AES-128 encrypted HLS reached
 * through signed, expiring addresses; hls.js fetches the key from the server for an entitled
 * member only.
 */
async function api<T>(kezhan: KezhanServer, path: string, token?: string) {
  const res = await fetch(`${kezhan.baseURL}${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

async function cli(kezhan: KezhanServer, argv: string[]): Promise<void> {
  const admin = JSON.parse(readFileSync(join(kezhan.dataDir, 'admin.json'), 'utf8')) as { token: string };
  const res = await fetch(`${kezhan.baseURL}/internal/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-admin-token': admin.token },
    body: JSON.stringify({ argv }),
  });
  if (!res.ok) throw new Error(`cli ${argv.join(' ')}: HTTP ${res.status} ${await res.text()}`);
}

async function sqlLesson(kezhan: KezhanServer, title: string): Promise<number> {
  const list = await api<{ data: { id: number; title: string }[] }>(kezhan, '/api/v2/courses?page_size=50');
  const course = list.data.data.find((c) => c.title === 'SQL 实战：从查询到优化')!;
  const detail = await api<{ videos: Record<string, { id: number; title: string }[]> }>(
    kezhan,
    `/api/v2/course/${course.id}`,
  );
  return Object.values(detail.data.videos)
    .flat()
    .find((v) => v.title === title)!.id;
}

function recordMedia(page: Page) {
  const seen: { url: string; status: number }[] = [];
  page.on('response', (res: Response) => {
    if (new URL(res.url()).pathname.startsWith('/media/'))
      seen.push({ url: res.url(), status: res.status() });
  });
  page.on('requestfailed', (req) => {
    if (new URL(req.url()).pathname.startsWith('/media/')) seen.push({ url: req.url(), status: 0 });
  });
  return seen;
}

test('a paid lesson plays for an entitled member as encrypted HLS, key and segments through signed addresses', async ({
  page,
  kezhan,
}) => {
  const token = await registerMember(kezhan, uniqueMobile());
  const member = await api<{ id: number }>(kezhan, '/api/v2/member/detail', token);
  await cli(kezhan, ['member:grant-vip', String(member.data.id), '1', '30']);
  const lesson = await sqlLesson(kezhan, 'JOIN 的几种写法');
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
  const media = recordMedia(page);

  await page.goto(`/vod/video?id=${lesson}`);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-source', 'hls.js');
  // Opening the lesson costs none of its bytes: once the page is idle only the master playlist
  // (a few lines naming the qualities) is fetched ahead, so the first tap saves a round trip; the
  // quality playlists, the key and the segments wait until the member plays.
  await page.waitForTimeout(500);
  expect(media.filter((m) => !new URL(m.url).pathname.endsWith('/master.m3u8'))).toEqual([]);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(2);

  const paths = media.map((m) => new URL(m.url));
  expect(media.every((m) => m.status === 200)).toBe(true);
  expect(paths.every((u) => /^[\w.-]+\.\w+\.\d+\.[\w-]+$/.test(u.searchParams.get('t') ?? ''))).toBe(true);
  expect(paths.some((u) => u.pathname === `/media/hls/${lesson}/full/master.m3u8`)).toBe(true);
  expect(paths.some((u) => u.pathname === `/media/hls/${lesson}/full/key`)).toBe(true);
  expect(paths.some((u) => u.pathname.startsWith(`/media/seg/${lesson}/`))).toBe(true);

  // The same addresses without their signature open nothing.
  const key = paths.find((u) => u.pathname.endsWith('/key'))!;
  expect((await fetch(`${kezhan.baseURL}${key.pathname}`)).status).toBe(403);
  expect((await fetch(`${kezhan.baseURL}/demo/video/lesson.m3u8`)).status).toBe(404);
});

test('an unbought paid lesson shows the purchase prompt and no media request succeeds', async ({
  page,
  kezhan,
}) => {
  const token = await registerMember(kezhan, uniqueMobile());
  const lesson = await sqlLesson(kezhan, 'JOIN 的几种写法');
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
  const media = recordMedia(page);

  await page.goto(`/vod/video?id=${lesson}`);
  await expect(page.getByText('购买课程后即可观看本视频')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  expect(media.filter((m) => m.status === 200)).toEqual([]);
  // Guessing the address gets nothing either.
  for (const path of [
    `/media/hls/${lesson}/full/master.m3u8`,
    `/media/hls/${lesson}/full/key`,
    `/media/hls/${lesson}/full/src/index.m3u8?t=1.full.9999999999.forged`,
  ]) {
    expect((await fetch(`${kezhan.baseURL}${path}`)).status, path).toBe(403);
  }
});
