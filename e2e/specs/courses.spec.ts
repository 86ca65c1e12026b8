import type { Page } from '@playwright/test';
import { expect, loginWithSms, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

interface Lesson {
  id: number;
  title: string;
}

async function api<T>(
  kezhan: KezhanServer,
  path: string,
  token?: string,
): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${kezhan.baseURL}${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

async function courseByTitle(kezhan: KezhanServer, title: string) {
  const list = await api<{ data: { id: number; title: string }[] }>(kezhan, '/api/v2/courses?page_size=50');
  const course = list.data.data.find((c) => c.title === title);
  if (!course) throw new Error(`no course ${title}`);
  const detail = await api<{ videos: Record<string, Lesson[]> }>(kezhan, `/api/v2/course/${course.id}`);
  const lesson = (name: string) => {
    const found = Object.values(detail.data.videos)
      .flat()
      .find((v) => v.title === name);
    if (!found) throw new Error(`no lesson ${name}`);
    return found;
  };
  return { id: course.id, lesson };
}

const videoState = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    source: v.dataset.source ?? '',
    src: v.currentSrc || v.src,
  }));

/** The member taps the player's 播放 button (the stream loads only then) and the lesson plays. */
async function startPlaying(page: Page) {
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-source', /.+/);
  await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.getByRole('button', { name: '播放', exact: true }).click();
  await expect(page.getByRole('button', { name: '播放', exact: true })).toHaveCount(0);
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);
}

test.describe('courses and learning', () => {
  test('home → list → detail → login → the free lesson plays, its progress is saved and resumed, the course is in 在学', async ({
    page,
    kezhan,
  }) => {
    const python = await courseByTitle(kezhan, 'Python 零基础入门');
    const lesson = python.lesson('课程介绍与学习方法');

    await page.goto('/');
    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '全部课程' }).click();
    await expect(page).toHaveURL(/\/vod$/);
    await expect(page.getByRole('heading', { name: '录播课程' })).toBeVisible();
    await page.getByRole('tab', { name: '免费' }).click();
    await expect(page).toHaveURL(/\/vod\?scene=free$/);
    await page.getByRole('link', { name: /Python 零基础入门/ }).click();

    await expect(page).toHaveURL(new RegExp(`/vod/detail\\?id=${python.id}$`));
    await expect(page.getByRole('heading', { name: 'Python 零基础入门' })).toBeVisible();
    await expect(page.getByRole('button', { name: '开始学习' })).toBeVisible();
    await page.getByRole('tab', { name: '目录' }).click();
    await page.getByRole('button', { name: /课程介绍与学习方法/ }).click();

    // The video page needs a login and comes back afterwards.
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const mobile = uniqueMobile();
    await loginWithSms(page, kezhan, mobile);
    await expect(page).toHaveURL(new RegExp(`/vod/video\\?id=${lesson.id}$`));

    // HLS rendition in Chromium goes through hls.js, and it really plays.
    await startPlaying(page);
    expect((await videoState(page)).source).toBe('hls.js');
    await expect.poll(async () => (await videoState(page)).time, { timeout: 10_000 }).toBeGreaterThan(3);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    const stoppedAt = Math.floor((await videoState(page)).time);

    const token = await page.evaluate(() => localStorage.getItem('meedu-h5-token') ?? '');
    await expect
      .poll(async () => {
        const detail = await api<{ videoWatchedProgress: Record<string, { watch_seconds: number }> }>(
          kezhan,
          `/api/v2/course/${python.id}`,
          token,
        );
        return detail.data.videoWatchedProgress[String(lesson.id)]?.watch_seconds ?? 0;
      })
      .toBe(stoppedAt);

    // Back on the lesson: playing again resumes where the member stopped, and says so.
    await page.reload();
    await startPlaying(page);
    await expect(page.getByText(/上次看到 00:0\d，已为您续播/)).toBeVisible();
    const resumedAt = (await videoState(page)).time;
    expect(resumedAt).toBeGreaterThanOrEqual(stoppedAt);
    expect(resumedAt).toBeLessThan(stoppedAt + 3);

    await page.goto('/study');
    await expect(page.getByRole('heading', { name: '我的课程' })).toBeAttached();
    const row = page.getByRole('listitem').filter({ hasText: 'Python 零基础入门' });
    await expect(row).toBeVisible();
    await expect(row.getByText(/已学 \d+\/4课时/)).toBeVisible();
    await row.getByRole('button', { name: /继续学习/ }).click();
    await expect(page).toHaveURL(new RegExp(`/vod/video\\?id=${lesson.id}$`));
  });

  test('search finds a course by a Chinese word of its title and highlights it', async ({ page }) => {
    await page.goto('/');
    await page.getByPlaceholder('搜索关键词').fill('数据');
    await page.getByPlaceholder('搜索关键词').press('Enter');
    await expect(page).toHaveURL(/\/search\?keywords=%E6%95%B0%E6%8D%AE$/);
    const hit = page.getByRole('link').filter({ hasText: '用 Python 做数据分析' });
    await expect(hit).toBeVisible();
    await expect(hit.locator('mark').first()).toHaveText('数据');
    await hit.click();
    await expect(page).toHaveURL(/\/vod\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { name: '用 Python 做数据分析' })).toBeVisible();

    await page.goto('/search');
    await expect(
      page.getByRole('region', { name: '搜索历史' }).getByRole('button', { name: '数据' }),
    ).toBeVisible();
  });

  test('an unbought paid lesson does not play; its trial stops and asks to buy once', async ({
    page,
    kezhan,
  }) => {
    const sql = await courseByTitle(kezhan, 'SQL 实战：从查询到优化');
    const paid = sql.lesson('JOIN 的几种写法');
    const trial = sql.lesson('排序与分页');
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);

    const playinfoUrls: string[] = [];
    page.on('response', async (res) => {
      if (res.url().includes('/playinfo')) playinfoUrls.push(JSON.stringify(await res.json()));
    });

    await page.goto(`/vod/video?id=${paid.id}`);
    await expect(page.getByText('购买课程后即可观看本视频')).toBeVisible();
    await expect(page.getByRole('button', { name: '购买课程 ￥129' }).first()).toBeVisible();
    await expect(page.getByText(/订阅/)).toHaveCount(0);
    await expect(page.locator('video')).toHaveCount(0);
    expect(playinfoUrls).toEqual([]);
    const refused = await api(kezhan, `/api/v2/video/${paid.id}/playinfo`, token);
    expect(refused.message).toBe('请购买后观看');

    await page.goto(`/vod/video?id=${trial.id}`);
    await expect(page.getByText('您正在观看试看内容，购买课程后可观看完整内容')).toBeVisible();
    await startPlaying(page);
    const state = await videoState(page);
    expect(playinfoUrls.join()).toContain(`/media/hls/${trial.id}/trial/master.m3u8?t=`);
    expect(playinfoUrls.join()).not.toContain('/full/');
    expect(state.source).toBe('hls.js');
    await expect(page.getByText('试看结束，购买课程观看所有视频')).toBeVisible({ timeout: 12_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /购买课程/ })).toHaveCount(1);
    await page.getByRole('button', { name: '购买课程 ￥129' }).click();
    await expect(page).toHaveURL(new RegExp(`/order\\?goods_type=vod&goods_id=${sql.id}&`));
  });
});
