import { createHmac } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { openConsoleContext, signInToConsole } from '../support/console';

/**
 * Two-step verification in the console: the demo 超级管理员 creates an administrator, who enrols
 * an authenticator on 账号安全 (the code is computed here from the secret the page shows), signs
 * out, and signs in again with password + code.
 */
test.describe.configure({ timeout: 120_000 });

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 (SHA-1, 6 digits, 30-second steps) of time step `step`. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 30_000);

test('an administrator enrols 2FA on 账号安全 and then signs in with password and code', async ({
  browser,
  kezhan,
}) => {
  const username = `sec${Date.now().toString(36)}`;
  const password = 'Secure-pass-9';
  const desktop = await openConsoleContext(browser, kezhan.baseURL);
  const page = await desktop.newPage();
  await signInToConsole(page);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('menuitem', { name: '管理员' }).click();
  await page.getByRole('button', { name: '新建管理员' }).click();
  const dialog = page.getByRole('dialog', { name: '新建管理员' });
  await dialog.getByLabel('账号').fill(username);
  await dialog.getByLabel('初始密码').fill(password);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('未开启');
  await page.getByRole('button', { name: '退出登录' }).click();

  const signIn = async () => {
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel('账号').fill(username);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
  };
  await signIn();
  await page.getByRole('button', { name: '账号安全' }).click();
  await expect(page.getByRole('heading', { name: '账号安全' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '当前会话' })).toBeVisible();
  await page.getByRole('button', { name: '开启两步验证' }).click();
  await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledStep = stepNow();
  await page.getByLabel('动态验证码').fill(totp(secret, enrolledStep));
  await page.getByRole('button', { name: '确认开启' }).click();
  await expect(page.getByText('两步验证已开启', { exact: true })).toBeVisible();
  await expect(page.getByText('已开启', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();

  await signIn();
  const code = page.getByLabel('动态验证码');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(totp(secret, enrolledStep) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '动态验证码错误' })).toBeVisible();
  // The enrolment used this step's code; the next step's (a phone clock a little ahead) is accepted.
  await code.fill(totp(secret, Math.max(stepNow(), enrolledStep + 1)));
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('button', { name: '账号安全' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await desktop.close();
});
