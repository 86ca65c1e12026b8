import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page, Response } from '@playwright/test';
import { openConsoleContext, signInToConsole } from '../support/console';
import { expect, registerMember, test } from '../support/fixtures';
import { ROOT, uniqueMobile, type KezhanServer } from '../support/server';

const execFileAsync = promisify(execFile);

/**
 * Issue #13 end to end: a course made in the console (chapter, uploaded video, transcoded by the
 * media-transcode job, published) is listed in the h5, refused to a member who has not bought it,
 * bought with 模拟支付 and played as protected HLS.
 */

/** A 4-second 320×240 MP4 with sound, made by ffmpeg. */
async function makeLessonFile(file: string): Promise<void> {
  await execFileAsync(process.env.FFMPEG_PATH || '/usr/bin/ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '4',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    file,
  ]);
}

/**
 * `npm run cli -- <argv>` as an operator types it: the CLI finds the running server through its
 * DATA_DIR and sends the command to the loopback admin endpoint. Answers what the command printed.
 */
async function operatorCli(kezhan: KezhanServer, argv: string[]): Promise<string> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...argv],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: kezhan.dataDir, DATABASE_URL: '', REDIS_URL: '', KEZHAN_DEV: '1' },
      timeout: 150_000,
    },
  );
  return stdout;
}

function recordMedia(page: Page) {
  const seen: { path: string; status: number }[] = [];
  page.on('response', (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith('/media/')) seen.push({ path, status: res.status() });
  });
  return seen;
}

test.describe('a course made in the console sells and plays in the h5', () => {
  // Two apps, an upload, ffmpeg twice and a purchase on a shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('admin creates, uploads, transcodes and publishes; a member is refused, buys with 模拟支付 and plays', async ({
    page,
    browser,
    kezhan,
  }, testInfo) => {
    const lessonFile = testInfo.outputPath('lesson.mp4');
    await makeLessonFile(lessonFile);
    const stamp = Date.now();
    const title = `控制台售卖课 ${stamp}`;

    // The console: a paid course, off the shelf while its content is prepared.
    const consoleContext = await openConsoleContext(browser, kezhan.baseURL);
    const admin = await consoleContext.newPage();
    await signInToConsole(admin);
    await admin
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('menuitem', { name: '课程管理' })
      .click();
    await admin.getByRole('button', { name: '新建课程' }).click();
    await admin.getByLabel('课程名称').fill(title);
    await admin.getByLabel('链接标识').fill(`sale-${stamp}`);
    await admin.getByLabel('分类').click();
    // antd draws the visible options outside its (hidden) accessible listbox.
    await admin.locator('.ant-select-item-option').first().click();
    await admin.getByLabel('价格（元，0 为免费）').fill('19');
    await admin.getByLabel('简介').fill('控制台上传、转码并上架的付费课程');
    await expect(admin.getByRole('switch', { name: '上架' })).not.toBeChecked();
    await admin.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByText('课程已创建')).toBeVisible();
    await expect(admin).toHaveURL(/\/admin\/courses\/\d+$/);
    const courseId = Number(/courses\/(\d+)$/.exec(admin.url())![1]);

    await admin.getByRole('button', { name: '添加章节' }).click();
    await admin.getByRole('dialog').getByLabel('章节名称').fill('第一章 入门');
    await admin.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await expect(admin.getByText('章节已保存')).toBeVisible();
    await admin.getByRole('button', { name: '添加视频' }).click();
    await admin.getByRole('dialog').getByLabel('视频名称').fill('第一课 认识课栈');
    await admin.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    const lessonRow = admin.getByRole('row', { name: /第一课 认识课栈/ });
    await expect(lessonRow.getByRole('cell', { name: '第一章 入门' })).toBeVisible();
    await expect(lessonRow.getByText('未上传')).toBeVisible();
    await admin.getByLabel('为《第一课 认识课栈》上传视频文件').setInputFiles(lessonFile);
    await expect(admin.getByText('《lesson.mp4》已上传，正在排队转码')).toBeVisible({ timeout: 30_000 });
    await expect(lessonRow.getByText('等待转码')).toBeVisible();

    // The e2e server runs no scheduled jobs: the operator runs the transcode job now.
    const said = await operatorCli(kezhan, ['jobs:run', 'media-transcode']);
    expect(said).toMatch(/media-transcode succeeded: .*"ready":1/);
    // The console polls the file's state until the transcode is done.
    await expect(lessonRow.getByText('可播放')).toBeVisible({ timeout: 30_000 });

    // Not on the shelf yet: the h5 has no such course.
    await page.goto(`/vod/detail?id=${courseId}`);
    await expect(page.getByText('课程不存在或已下架')).toBeVisible();

    await admin.getByRole('switch', { name: '上架' }).click();
    await admin.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByText('已保存', { exact: true })).toBeVisible();
    await consoleContext.close();

    // The h5: listed among the courses; a new member is refused the lesson before buying.
    const token = await registerMember(kezhan, uniqueMobile());
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    await page.goto('/vod');
    await expect(page.getByRole('heading', { name: '录播课程' })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/vod/detail\\?id=${courseId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('tab', { name: '目录' }).click();
    await page.getByRole('button', { name: /第一课 认识课栈/ }).click();
    await expect(page).toHaveURL(/\/vod\/video\?id=\d+$/);
    const lessonId = Number(/id=(\d+)$/.exec(page.url())![1]);
    await expect(page.getByText('购买课程后即可观看本视频')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);

    await page.getByRole('button', { name: '购买课程 ￥19' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/order\\?goods_type=vod&goods_id=${courseId}&`));
    await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
    await expect(page.getByRole('region', { name: '商品信息' }).getByText(title)).toBeVisible();
    await expect(page.getByLabel('总计￥19')).toBeVisible();
    await page.getByRole('radio', { name: '模拟支付' }).click();
    await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await expect(page.locator('.amount')).toHaveText('￥19.00');
    await page.getByRole('button', { name: '支付成功' }).click();
    await page.waitForURL(/\/order\/success\?order_id=/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    await page.getByRole('button', { name: '去学习' }).click();
    await expect(page).toHaveURL(new RegExp(`/vod/detail\\?id=${courseId}$`));

    // Bought: the lesson plays as encrypted HLS through signed addresses.
    const media = recordMedia(page);
    await page.getByRole('button', { name: '开始学习' }).click();
    await expect(page).toHaveURL(new RegExp(`/vod/video\\?id=${lessonId}$`));
    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-source', 'hls.js');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(media.every((m) => m.status === 200)).toBe(true);
    expect(media.some((m) => m.path === `/media/hls/${lessonId}/full/master.m3u8`)).toBe(true);
    expect(media.some((m) => m.path === `/media/hls/${lessonId}/full/key`)).toBe(true);
    expect(media.some((m) => m.path.startsWith(`/media/seg/${lessonId}/`))).toBe(true);
  });
});
