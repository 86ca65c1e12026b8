import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { CAPTCHA_CODE, SMS_RESEND_SECONDS, uniqueMobile, type KezhanServer } from '../support/server';
import { expect, loginWithPassword, registerMember, test, withConfig } from '../support/fixtures';

/** A real, decodable RGBA PNG: left half blue, right half orange (so a crop is visible). */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = 1 + width * 4;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 4;
      raw.set(x < width / 2 ? [60, 167, 250, 255] : [255, 140, 0, 255], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores `token` before the app starts, once per tab (a later logout stays logged out). */
async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('kz-e2e-seeded')) {
      localStorage.setItem('meedu-h5-token', t);
      sessionStorage.setItem('kz-e2e-seeded', '1');
    }
  }, token);
}

/** A brand-new member (registered through the API with an SMS code), logged in on this page. */
async function newMember(page: Page, kezhan: KezhanServer): Promise<string> {
  const mobile = uniqueMobile();
  await signIn(page, await registerMember(kezhan, mobile));
  return mobile;
}

/**
 * The server sends one SMS per mobile per SMS_RESEND_SECONDS, and registering already sent one.
 * Members whose flows need a second code are registered first; their tests run once the pause
 * has passed.
 */
const SMS_RESEND_MS = SMS_RESEND_SECONDS * 1000 + 500;
const early: Record<'password' | 'mobile', { mobile: string; token: string }> = {
  password: { mobile: '', token: '' },
  mobile: { mobile: '', token: '' },
};
let registeredAt = 0;

async function afterSmsPause(): Promise<void> {
  test.setTimeout(SMS_RESEND_MS + 30_000);
  const wait = registeredAt + SMS_RESEND_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Answers the image captcha and returns the SMS code the server printed for `mobile`. */
async function passCaptcha(page: Page, kezhan: KezhanServer, mobile: string, scene: string): Promise<string> {
  const marker = kezhan.smsCount();
  await page.getByPlaceholder('请输入图中字符').fill(CAPTCHA_CODE);
  await page.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('输入短信验证码')).toBeVisible();
  return kezhan.waitForSmsCode(mobile, { after: marker, scene });
}

test.describe('member centre and profile', () => {
  test.beforeAll(async ({ kezhan }) => {
    for (const member of Object.values(early)) {
      member.mobile = uniqueMobile();
      member.token = await registerMember(kezhan, member.mobile);
    }
    registeredAt = Date.now();
  });

  test('nickname and a cropped avatar show on the member centre', async ({ page, kezhan }) => {
    await newMember(page, kezhan);
    await page.goto('/member/profile');
    await expect(page).toHaveTitle('个人资料');
    await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();

    const nickname = `学员${Date.now() % 100000}`;
    await page.getByText('昵称', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('请输入昵称').fill(nickname);
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(page.getByText(nickname)).toBeVisible();
    // Once set, the nickname cannot be changed again.
    await page.getByText('昵称', { exact: true }).click();
    await expect(page.getByText('您已经设置过昵称了哦')).toBeVisible();

    await page
      .getByLabel('更换头像')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(600, 400) });
    const cropper = page.getByRole('dialog', { name: '裁剪头像' });
    await expect(cropper.getByRole('img', { name: '头像预览' })).toBeVisible();
    await cropper.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('上传头像成功')).toBeVisible();
    // The server names the file after the type it detects in the content: the PNG went up as a JPEG.
    await expect(page.getByRole('img', { name: '头像' })).toHaveAttribute('src', /member-avatar\/.+\.jpg$/);

    await page.goto('/member');
    const card = page.getByRole('link', { name: new RegExp(nickname) });
    await expect(card).toBeVisible();
    const avatar = card.getByRole('img', { name: '头像' });
    // The crop is stored square (its size is in its name), and the browser shows the WebP copy
    // that fits the avatar's box: square too.
    await expect(avatar).toHaveAttribute('src', /member-avatar\/.+\.(\d+)x\1\.jpg$/);
    const shown = await avatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { address: img.currentSrc, width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(shown.address).toMatch(/\.(\d+)x\1\.w\d+\.webp$/);
    expect(shown.width).toBe(shown.height);
  });

  test('the registration message brings an unread badge that opening it clears', async ({ page, kezhan }) => {
    await newMember(page, kezhan);
    await page.goto('/member');
    const messagesLink = page.getByRole('link', { name: /我的消息/ });
    await expect(messagesLink.getByLabel(/条未读消息/)).toBeVisible();

    await messagesLink.click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page).toHaveTitle('我的消息');
    const row = page.getByRole('button', { name: /用户注册成功/ });
    await expect(row.getByLabel('未读')).toBeVisible();
    const marked = page.waitForResponse((r) => r.url().includes('/api/v2/member/notificationMarkAsRead/'));
    await row.click();
    await marked;
    await expect(row.getByLabel('未读')).toHaveCount(0);

    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByRole('link', { name: /我的消息/ })).toBeVisible();
    await expect(page.getByLabel(/条未读消息/)).toHaveCount(0);
  });

  test('a QQ account is bound through the provider and unbound again', async ({ page, kezhan }) => {
    await withConfig(kezhan, { 'socialites.qq': { value: '1', restore: '0' } }, async () => {
      await newMember(page, kezhan);
      await page.goto('/member/profile');
      const row = page.getByText('绑定QQ');
      await expect(page.getByText('点击绑定')).toBeVisible();
      await row.click();

      // The development provider's consent page stands in for QQ.
      await expect(page.getByRole('heading', { name: '模拟QQ登录' })).toBeVisible();
      await page.getByRole('button', { name: '同意授权' }).click();

      await expect(page).toHaveURL(/\/member\/profile$/);
      await expect(page.getByText('绑定成功')).toBeVisible();
      await expect(page.getByText('已绑定')).toBeVisible();
      // A reload must not redeem the code again.
      await page.reload();
      await expect(page.getByText('已绑定')).toBeVisible();

      await page.getByText('绑定QQ').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('是否解除绑定QQ？')).toBeVisible();
      await dialog.getByRole('button', { name: '确认' }).click();
      await expect(page.getByText('解绑成功')).toBeVisible();
      await expect(page.getByText('点击绑定')).toBeVisible();
    });
  });

  test('new password, account deletion, and the next login cancels the deletion', async ({
    page,
    kezhan,
  }) => {
    const { mobile, token } = early.password;
    await signIn(page, token);
    await page.goto('/member/profile');
    await expect(page.getByText('设置密码')).toBeVisible();
    await page.getByText('修改密码').click();
    await expect(page).toHaveURL(/\/member\/password$/);
    await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible();
    await expect(page.getByText(`手机号 ${mobile}`)).toBeVisible();

    await page.getByPlaceholder('请输入新密码').fill('new-pass-2024');
    await afterSmsPause();
    await page.getByRole('button', { name: '获取短信验证码' }).click();
    const code = await passCaptcha(page, kezhan, mobile, 'password_reset');
    await page.getByPlaceholder('请输入短信验证码').fill(code);
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('成功', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText('已设置')).toBeVisible();

    await page.getByText('账号注销').click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText('确认注销账号？确认之后账号将在7天后自动注销，期间内登录账号将会自动取消账号注销。'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect(page.getByText('注销成功')).toBeVisible();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByText('请登录')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('meedu-h5-token'))).toBeNull();

    await page.goto('/login-password?redirect=%2Fmember');
    await loginWithPassword(page, mobile, 'new-pass-2024');
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByText('免费会员')).toBeVisible();
    await page.getByRole('link', { name: /我的消息/ }).click();
    await expect(page.getByText(/系统已为您自动取消于.+申请的用户注销申请/)).toBeVisible();
    await expect(page.getByText('密码修改成功')).toBeVisible();
  });

  test('changing the mobile proves the old number first', async ({ page, kezhan }) => {
    const { mobile: oldMobile, token } = early.mobile;
    await signIn(page, token);
    await page.goto('/member/profile');
    const masked = `${oldMobile.slice(0, 3)}****${oldMobile.slice(7)}`;
    await page.getByText(masked).click();
    await expect(page).toHaveURL(/\/member\/mobileVerify$/);
    await expect(page).toHaveTitle('验证原手机号');
    await expect(page.getByText(`原手机号 ${oldMobile}`)).toBeVisible();
    await afterSmsPause();
    await page.getByRole('button', { name: '获取短信验证码' }).click();
    const oldCode = await passCaptcha(page, kezhan, oldMobile, 'mobile_bind');
    await page.getByPlaceholder('请输入短信验证码').fill(oldCode);
    await page.getByRole('button', { name: '绑定' }).click();

    await expect(page.getByRole('heading', { name: '换绑手机号' })).toBeVisible();
    const newMobile = uniqueMobile();
    await page.getByPlaceholder('请输入新的手机号码').fill(newMobile);
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await page.getByPlaceholder('请输入图形验证码').fill(CAPTCHA_CODE);
    const marker = kezhan.smsCount();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const newCode = await kezhan.waitForSmsCode(newMobile, { after: marker, scene: 'mobile_bind' });
    await expect(page.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await page.getByPlaceholder('请输入短信验证码').fill(newCode);
    await page.getByRole('button', { name: '立即绑定' }).click();

    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText(`${newMobile.slice(0, 3)}****${newMobile.slice(7)}`)).toBeVisible();
  });
});
