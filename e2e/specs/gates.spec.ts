import { DEMO_MEMBER, uniqueMobile } from '../support/server';
import {
  expect,
  loginWithPassword,
  loginWithSms,
  registerMember,
  test,
  withConfig,
} from '../support/fixtures';

test.describe('login gates switched on in the settings', () => {
  test('bind-mobile modal: 立即绑定 parks the token and opens /bind-mobile', async ({ page, kezhan }) => {
    await withConfig(
      kezhan,
      { 'member.enabled_mobile_bind_alert': { value: '1', restore: '0' } },
      async () => {
        // A password account always has a mobile; pretend this one came from a social login.
        await page.route('**/api/v2/member/detail', async (route) => {
          const response = await route.fetch();
          const body = await response.json();
          if (body.code === 0) body.data.is_bind_mobile = 0;
          await route.fulfill({ response, json: body });
        });
        await page.goto('/login-password?redirect=%2Fmember');
        await loginWithPassword(page, DEMO_MEMBER.mobile, DEMO_MEMBER.password);

        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('绑定手机号', { exact: true })).toBeVisible();
        await expect(dialog.getByText('登录前请绑定手机号')).toBeVisible();
        await dialog.getByRole('button', { name: '立即绑定' }).click();

        await expect(page).toHaveURL(/\/bind-mobile$/);
        await expect(page.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
        await expect(page.getByPlaceholder('请输入您的手机号')).toBeVisible();
        const storage = await page.evaluate(() => ({
          token: localStorage.getItem('meedu-h5-token'),
          tmp: localStorage.getItem('meedu-h5-tmp-token'),
        }));
        expect(storage.token).toBeNull();
        expect(storage.tmp).toBeTruthy();
      },
    );
  });

  test('bind-mobile modal: 退出登录 logs out and opens the member centre', async ({ page, kezhan }) => {
    await withConfig(
      kezhan,
      { 'member.enabled_mobile_bind_alert': { value: '1', restore: '0' } },
      async () => {
        await page.route('**/api/v2/member/detail', async (route) => {
          const response = await route.fetch();
          const body = await response.json();
          if (body.code === 0) body.data.is_bind_mobile = 0;
          await route.fulfill({ response, json: body });
        });
        await page.goto('/login-password?redirect=%2Fmember%2Fsetting');
        await loginWithPassword(page, DEMO_MEMBER.mobile, DEMO_MEMBER.password);
        await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
        await expect(page).toHaveURL(/\/member$/);
        await expect(page.getByText('请登录')).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('meedu-h5-token'))).toBeNull();
      },
    );
  });

  test('face-verification modal: 立即认证 runs the verification and returns to /auth/faceSuccess', async ({
    page,
    kezhan,
  }) => {
    await withConfig(
      kezhan,
      { 'member.enabled_face_verify': { value: 'true', restore: 'false' } },
      async () => {
        await page.goto('/login?redirect=%2Fmember');
        await loginWithSms(page, kezhan, uniqueMobile());

        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('实名认证', { exact: true })).toBeVisible();
        await expect(dialog.getByText('登录前请完成实名认证')).toBeVisible();
        await dialog.getByRole('button', { name: '立即认证' }).click();

        // The development FaceID page of the server stands in for Tencent's H5.
        await expect(page).toHaveURL(/\/api\/v3\/dev\/faceid\/verify/);
        expect(await page.evaluate(() => localStorage.getItem('meedu-user-face-bizToken'))).toBeTruthy();
        expect(await page.evaluate(() => localStorage.getItem('meedu-user-face-ruleId'))).not.toBeNull();
        await page.getByRole('button', { name: '通过认证' }).click();

        await expect(page).toHaveURL(/\/auth\/faceSuccess/);
        await expect(page.getByText('实名认证成功')).toBeVisible();
        await expect(page.getByText('身份证号')).toBeVisible();
        await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('meedu-user-face-bizToken'))).toBeNull();
      },
    );
  });

  test('face-verification modal at startup: 退出登录 logs out', async ({ page, kezhan }) => {
    await withConfig(
      kezhan,
      { 'member.enabled_face_verify': { value: 'true', restore: 'false' } },
      async () => {
        const token = await registerMember(kezhan, uniqueMobile());
        await page.addInitScript((t) => {
          if (!sessionStorage.getItem('seeded')) {
            sessionStorage.setItem('seeded', '1');
            localStorage.setItem('meedu-h5-token', t);
          }
        }, token);
        await page.goto('/member/setting');
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('登录前请完成实名认证')).toBeVisible();
        await dialog.getByRole('button', { name: '退出登录' }).click();
        await expect(page).toHaveURL(/\/member$/);
        await expect(page.getByText('请登录')).toBeVisible();
      },
    );
  });
});
