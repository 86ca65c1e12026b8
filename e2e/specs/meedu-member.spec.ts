import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import {
  createMeeduFixture,
  MEEDU_PASSWORD,
  MEEDU_ROOT,
  SCHOOL,
  type MeeduFixture,
} from '../../apps/server/test/support/meedu-fixture';
import { loginWithPassword } from '../support/fixtures';
import { ROOT, startKezhan, type KezhanServer } from '../support/server';

/**
 * A member of a MeEdu school moved with `migrate:meedu` (the MeEdu 2026 fixture on the machine's
 * MariaDB, into a fresh PGlite) uses our h5: the old password, the course and lesson they bought,
 * their VIP time, their unread messages and their orders with a refund.
 */

/**
 * Whether the MariaDB of MEEDU_ROOT accepts a connection. Like the server's migration tests, this
 * spec needs it (.ci/run starts it): without it the spec fails saying so, it never skips.
 */
function mariadbAnswers(): Promise<boolean> {
  const url = new URL(MEEDU_ROOT);
  return new Promise((answer) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 3306) });
    socket.setTimeout(3000);
    socket.once('connect', () => (socket.destroy(), answer(true)));
    socket.once('timeout', () => (socket.destroy(), answer(false)));
    socket.once('error', () => answer(false));
  });
}

let fixture: MeeduFixture | undefined;
let kezhan: KezhanServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  expect(
    await mariadbAnswers(),
    `MariaDB 不可用（${MEEDU_ROOT}）：迁移的 e2e 需要它（.ci/run 会启动 MariaDB）`,
  ).toBe(true);
  fixture = await createMeeduFixture('2026');
  const dataDir = mkdtempSync(join(tmpdir(), 'kezhan-e2e-meedu-'));
  // The operator's order: move into an empty database first, then start the server on it.
  const move = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'migrate:meedu', '--source', fixture.url],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        // The development settings startKezhan gives the server.
        NODE_ENV: 'development',
        KEZHAN_DEV: '1',
        SMS_DRIVER: 'log',
      },
      encoding: 'utf8',
    },
  );
  expect(move.stdout + move.stderr).toContain('迁移完成，核对一致。');
  kezhan = await startKezhan({ DATA_DIR: dataDir });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && kezhan)
    await testInfo.attach('server output', { body: kezhan.output.slice(-60).join('\n') });
});

test.afterAll(async () => {
  await kezhan?.stop();
  await fixture?.drop();
});

test('a migrated member logs in with the MeEdu password and finds courses, lesson, VIP, messages and orders', async ({
  page,
}) => {
  // A fresh server on a shared machine: the first pages and the bcrypt check take their time.
  test.setTimeout(120_000);
  const base = kezhan!.baseURL;
  await page.goto(`${base}/login-password`);
  // The first page of a fresh server on a busy machine: let it load before the helper looks.
  await expect(page.getByRole('heading', { name: '登录', exact: true })).toBeVisible({ timeout: 30_000 });
  await loginWithPassword(page, SCHOOL.member.mobile, MEEDU_PASSWORD);
  await expect(page).not.toHaveURL(/login/, { timeout: 30_000 });

  await page.goto(`${base}/member`);
  await expect(page.getByText('小明', { exact: true })).toBeVisible();
  await expect(page.getByLabel('2条未读消息')).toBeVisible();

  await page.goto(`${base}/role`);
  await expect(page.getByText('您的月度会员将于2030-01-01到期')).toBeVisible();

  await page.goto(`${base}/vod/detail?id=10`);
  await expect(page.getByText(/开始学习|继续学习|再学一遍/)).toBeVisible();

  // The lesson plays from MeEdu's own address, as it did there.
  const playinfo = page.waitForResponse((response) => response.url().includes('/api/v2/video/30/playinfo'));
  await page.goto(`${base}/vod/video?id=30`);
  const body = (await (await playinfo).json()) as { code: number; data: { urls: { url: string }[] } };
  expect(body.code).toBe(0);
  expect(body.data.urls[0].url).toBe('https://old.school.test/storage/v/30.mp4');
  await expect(page.getByText('请购买后观看')).toHaveCount(0);

  await page.goto(`${base}/member/order`);
  const refunded = page.getByRole('article', { name: '课程11' });
  await expect(refunded.getByText('已退款')).toBeVisible();
  await expect(refunded.getByText('已退金额：￥50.00')).toBeVisible();
  const partlyRefunded = page.getByRole('article', { name: '课程10' });
  await expect(partlyRefunded.getByText('已支付')).toBeVisible();
  await expect(partlyRefunded.getByText('已退金额：￥12.34')).toBeVisible();
});
