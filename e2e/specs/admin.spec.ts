import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { CONSOLE_DESKTOP } from '../support/console';
import { expect, test } from '../support/fixtures';
import { ROOT, type KezhanServer } from '../support/server';

const execFileAsync = promisify(execFile);

/**
 * A real 1-second MP4 grown past 3 MB by an MP4 `free` box (skipped by every reader), so it is
 * sent in several 1 MB pieces and still passes the console's video check.
 */
async function paddedLesson(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-e2e-lesson-'));
  const file = path.join(dir, 'lesson.mp4');
  await execFileAsync(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'],
    ...['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file],
  ]);
  const padding = Buffer.alloc(3 * 1024 * 1024 + 17);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  const lesson = Buffer.concat([fs.readFileSync(file), padding]);
  fs.rmSync(dir, { recursive: true, force: true });
  return lesson;
}

/** The console is desktop-first. */
test.use(CONSOLE_DESKTOP);

/** `npm run cli -- admin:create <name> <role>` against the running server; answers the password. */
async function createAdministrator(kezhan: KezhanServer, username: string, role: string): Promise<string> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'admin:create', username, role],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: kezhan.dataDir, DATABASE_URL: '', REDIS_URL: '', KEZHAN_DEV: '1' },
    },
  );
  const password = /password: (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`admin:create said: ${stdout}`);
  return password;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

test.describe('operator console', () => {
  // Two apps, axe runs, an upload and a CLI call, on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('admin signs in, creates and publishes a course, and the h5 lists it', async ({ page }) => {
    await page.goto('/admin/login');
    expect(await axeViolations(page, 'console login')).toEqual([]);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入账号')).toBeVisible();
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toContainText('账号或密码错误');

    await page.getByLabel('密码').fill('kezhan123');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('超级管理员（超级管理员）')).toBeVisible();
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByRole('menuitem', { name: '课程管理' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    for (const item of ['课程管理', '课程分类', '站点设置', '操作日志']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    // The course table (the dashboard's two ranking tables may still be leaving).
    const courses = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: '课程名称' }) });
    await expect(courses).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(1);
    expect(await axeViolations(page, 'console course list')).toEqual([]);

    const title = `控制台新课 ${Date.now()}`;
    await page.getByRole('button', { name: '新建课程' }).click();
    await page.getByLabel('课程名称').fill(title);
    await page.getByLabel('链接标识').fill(`console-${Date.now()}`);
    await page.getByLabel('分类').click();
    // antd draws the visible options outside its (hidden) accessible listbox.
    await page.locator('.ant-select-item-option').first().click();
    await page.getByLabel('价格（元，0 为免费）').fill('0');
    await page.getByLabel('简介').fill('在管理后台创建的课程');
    await page.getByRole('switch', { name: '上架' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('课程已创建')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);

    // A chapter, a lesson, and its file sent in 1 MB pieces with a progress bar.
    await page.getByRole('button', { name: '添加章节' }).click();
    await page.getByRole('dialog').getByLabel('章节名称').fill('第一章 开始');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('章节已保存')).toBeVisible();
    await page.getByRole('button', { name: '添加视频' }).click();
    await page.getByRole('dialog').getByLabel('视频名称').fill('第一课');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('cell', { name: '第一课', exact: true })).toBeVisible();
    await expect(page.getByText('未上传')).toBeVisible();
    await page.getByLabel('为《第一课》上传视频文件').setInputFiles({
      name: 'lesson.mp4',
      mimeType: 'video/mp4',
      buffer: await paddedLesson(),
    });
    await expect(page.getByText('《lesson.mp4》已上传，正在排队转码')).toBeVisible();
    await expect(page.getByText('等待转码')).toBeVisible();

    const h5 = await page.context().newPage();
    await h5.goto('/vod');
    await expect(h5.getByText(title)).toBeVisible();
    await h5.close();

    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await expect(page.getByRole('cell', { name: '新建课程' })).toBeVisible();
  });

  test('the home page edited in the console is what the h5 home shows', async ({ page }) => {
    await signIn(page, 'admin', 'kezhan123');
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('menuitem', { name: '首页装修' })
      .click();
    await expect(page.getByRole('heading', { name: '首页装修' })).toBeVisible();
    const blocks = page.getByRole('textbox', { name: /模块的配置/ });
    const before = await blocks.count();
    await page.getByRole('button', { name: '添加模块' }).click();
    await expect(blocks).toHaveCount(before + 1);
    await blocks.last().fill(JSON.stringify({ title: '控制台推荐', items: [{ id: 1 }] }));
    await expect(page.getByRole('region', { name: '首页预览' })).toContainText(
      '课程列表：控制台推荐（1 项）',
    );
    expect(await axeViolations(page, 'console home editor')).toEqual([]);
    await page.getByRole('button', { name: '保存首页' }).click();
    await expect(page.getByText('首页已保存')).toBeVisible();

    const h5 = await page.context().newPage();
    await h5.goto('/');
    await expect(h5.getByText('控制台推荐')).toBeVisible();
    await h5.close();
  });

  test('a 客服 account sees courses but cannot edit them, in the console or through the API', async ({
    page,
    kezhan,
  }) => {
    const password = await createAdministrator(kezhan, 'kefu', 'support');
    await signIn(page, 'kefu', password);
    await expect(page).toHaveURL(/\/admin\/courses$/);
    await expect(page.getByText('kefu（客服）')).toBeVisible();
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem', { name: '课程管理' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '站点设置' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: '数据概览' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '新建课程' })).toHaveCount(0);

    const firstCourse = page.getByRole('table').getByRole('link').first();
    await expect(firstCourse).toBeVisible();
    await firstCourse.click();
    await expect(page.getByRole('heading', { name: '查看课程' })).toBeVisible();
    await expect(page.getByText('你的角色只能查看课程，不能修改。')).toBeVisible();
    await expect(page.getByLabel('课程名称')).toBeDisabled();
    await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
    const courseId = Number(/courses\/(\d+)/.exec(page.url())![1]);

    await page.goto('/admin/courses/new');
    await expect(page.getByText('没有权限')).toBeVisible();
    await page.goto('/admin/settings');
    await expect(page.getByText('没有权限')).toBeVisible();

    // The session's own cookie and CSRF token, straight at the API: still refused.
    const session = await (await page.request.get('/api/admin/session')).json();
    const refused = await page.request.put(`/api/admin/courses/${courseId}/shelf`, {
      headers: { 'x-csrf-token': session.data.csrf_token },
      data: { is_show: 0 },
    });
    expect(await refused.json()).toMatchObject({ code: 403, message: '没有权限执行此操作' });
  });
});
