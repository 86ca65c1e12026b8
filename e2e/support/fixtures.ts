import { test as base, expect, type Page } from '@playwright/test';
import { CAPTCHA_CODE, SERVER_START_TIMEOUT_MS, startKezhan, type KezhanServer } from './server';

/**
 * `test` with a `kezhan` worker fixture: one real server per worker, shared by that worker's
 * tests, and `baseURL` pointing at it so `page.goto('/login')` works. Tests that change
 * settings with `kezhan.setConfig` must put them back (see `withConfig`).
 */
export const test = base.extend<object, { kezhan: KezhanServer }>({
  kezhan: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startKezhan();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ kezhan }, use) => {
    await use(kezhan.baseURL);
  },
});

export { expect };

/** Runs `body` with settings changed, restoring the given previous values afterwards. */
export async function withConfig(
  kezhan: KezhanServer,
  settings: Record<string, { value: string; restore: string }>,
  body: () => Promise<void>,
): Promise<void> {
  for (const [key, { value }] of Object.entries(settings)) await kezhan.setConfig(key, value);
  try {
    await body();
  } finally {
    for (const [key, { restore }] of Object.entries(settings)) await kezhan.setConfig(key, restore);
  }
}

/**
 * Drives the SMS login form on an already opened /login page: mobile, agreement, captcha
 * (answered with CAPTCHA_TEST_CODE), then the code printed by the server.
 */
export async function loginWithSms(page: Page, kezhan: KezhanServer, mobile: string): Promise<void> {
  await page.getByPlaceholder('请输入手机号码').fill(mobile);
  await page.getByRole('checkbox', { name: /勾选同意/ }).check();
  const marker = kezhan.smsCount();
  await page.getByRole('button', { name: '获取短信验证码' }).click();
  await page.getByPlaceholder('请输入图中字符').fill(CAPTCHA_CODE);
  await page.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('输入短信验证码')).toBeVisible();
  const code = await kezhan.waitForSmsCode(mobile, { after: marker });
  await page.getByPlaceholder('请输入短信验证码').fill(code);
  await page.getByRole('button', { name: '登录/注册' }).click();
}

/** Logs in through the password page (the demo member by default). */
export async function loginWithPassword(page: Page, mobile: string, password: string): Promise<void> {
  // The SMS page has the same mobile placeholder: make sure the password page is showing.
  await expect(page.getByRole('heading', { name: '登录', exact: true })).toBeVisible();
  await page.getByPlaceholder('请输入手机号码').fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Stores a token as a logged-in browser would (localStorage `meedu-h5-token`). */
export async function tokenFor(kezhan: KezhanServer, mobile: string, password: string): Promise<string> {
  const res = await fetch(`${kezhan.baseURL}/api/v2/login/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ mobile, password }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Registers a new member through the API (captcha → SMS → login/mobile) and returns its token. */
export async function registerMember(kezhan: KezhanServer, mobile: string): Promise<string> {
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${kezhan.baseURL}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await res.json()) as { code: number; message: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  const captcha = await api<{ key: string }>('/api/v2/captcha/image');
  const marker = kezhan.smsCount();
  await api('/api/v2/captcha/sms', {
    mobile,
    image_key: captcha.key,
    image_captcha: CAPTCHA_CODE,
    scene: 'login',
  });
  const code = await kezhan.waitForSmsCode(mobile, { after: marker });
  const { token } = await api<{ token: string }>('/api/v2/login/mobile', {
    mobile,
    mobile_code: code,
    msv: '',
  });
  return token;
}
