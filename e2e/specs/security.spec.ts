import type { Page } from '@playwright/test';
import { expect, loginWithSms, registerMember, test, withConfig } from '../support/fixtures';
import { uniqueMobile } from '../support/server';
import { axeViolations, COLOUR_RULES } from '../support/a11y';

/** Collects every Content-Security-Policy violation the page reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test.describe('Content-Security-Policy of the h5', () => {
  test('is sent with the app, which still works under it: browse, log in, play a lesson', async ({
    page,
    kezhan,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    // Scripts from the app's origin, and the page's own inline theme script by its hash only.
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');

    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '全部课程' }).click();
    await page.getByRole('tab', { name: '免费' }).click();
    await page.getByRole('link', { name: /Python 零基础入门/ }).click();
    await expect(page.getByRole('heading', { name: 'Python 零基础入门' })).toBeVisible();
    await page.getByRole('tab', { name: '目录' }).click();
    await page.getByRole('button', { name: /课程介绍与学习方法/ }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginWithSms(page, kezhan, uniqueMobile());
    await expect(page).toHaveURL(/\/vod\/video\?id=\d+$/);

    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-source', 'hls.js');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(1);
    expect(violations).toEqual([]);
  });

  test('refuses an injected inline script, so a stolen token needs more than an HTML injection', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = localStorage.length';
      document.body.appendChild(script);
      return (window as unknown as { __injected?: number }).__injected;
    });
    expect(ran).toBeUndefined();
    await expect.poll(() => violations.some((text) => text.startsWith('script-src'))).toBe(true);
  });
});

/** An attacker's own QQ login run outside any browser, stopping at the link with the login code. */
async function attackersLoginCodeLink(baseURL: string): Promise<string> {
  let cookie = '';
  const get = async (url: string) => {
    const res = await fetch(new URL(url, baseURL), { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  };
  const params = new URLSearchParams({
    s_url: `${baseURL}/member`,
    f_url: `${baseURL}/login-error`,
    action: 'login',
  });
  const started = await get(`/api/v3/auth/login/socialite/qq?${params}`);
  const consent = new URL(started.headers.get('location')!);
  const approve = await get(
    `/api/v3/dev/oauth/qq/approve?${new URLSearchParams({
      redirect_uri: consent.searchParams.get('redirect_uri')!,
      state: consent.searchParams.get('state')!,
      openid: 'attacker-qq',
      nickname: '攻击者',
    })}`,
  );
  const landed = await get(approve.headers.get('location')!);
  return landed.headers.get('location')!;
}

test.describe('social login is bound to the browser that started it', () => {
  test("QQ login in the h5 still works, and an attacker's login_code link does not log the victim in", async ({
    page,
    kezhan,
  }) => {
    await withConfig(
      kezhan,
      {
        'socialites.qq': { value: '1', restore: '0' },
        'member.enabled_mobile_bind_alert': { value: '0', restore: '0' },
      },
      async () => {
        const link = await attackersLoginCodeLink(kezhan.baseURL);
        expect(link).toContain('login_code=');
        await page.goto(link);
        await expect(page.getByText('授权已失效，请重新登录')).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('meedu-h5-token'))).toBeNull();

        await page.goto('/login');
        await page.getByRole('checkbox', { name: /勾选同意/ }).check();
        await page.getByRole('button', { name: 'QQ登录' }).click();
        await expect(page.getByRole('heading', { name: '模拟QQ登录' })).toBeVisible();
        await page.getByRole('button', { name: '同意授权' }).click();
        await expect(page).toHaveURL(/\/member$/);
        await expect.poll(() => page.evaluate(() => localStorage.getItem('meedu-h5-token'))).toMatch(/^ey/);
      },
    );
  });

  test('a new QQ account is asked for a mobile after the code exchange, on a page the server drew', async ({
    page,
    kezhan,
  }) => {
    await withConfig(
      kezhan,
      {
        'socialites.qq': { value: '1', restore: '0' },
        'member.enabled_mobile_bind_alert': { value: '1', restore: '0' },
      },
      async () => {
        await page.goto('/login');
        await page.getByRole('checkbox', { name: /勾选同意/ }).check();
        await page.getByRole('button', { name: 'QQ登录' }).click();
        await page.getByRole('button', { name: '同意授权' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('登录前请绑定手机号')).toBeVisible();
        await dialog.getByRole('button', { name: '立即绑定' }).click();
        await expect(page).toHaveURL(/\/code-bind-mobile$/);
      },
    );
  });

  test('a signed-in member is asked before a login_code link switches accounts, and the link still logs nobody in', async ({
    page,
    kezhan,
  }) => {
    await withConfig(
      kezhan,
      {
        'socialites.qq': { value: '1', restore: '0' },
        'member.enabled_mobile_bind_alert': { value: '0', restore: '0' },
      },
      async () => {
        await page.goto('/login');
        await loginWithSms(page, kezhan, uniqueMobile());
        const token = () => page.evaluate(() => localStorage.getItem('meedu-h5-token'));
        await expect.poll(token).toMatch(/^ey/);
        const mine = await token();

        await page.goto(await attackersLoginCodeLink(kezhan.baseURL));
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('切换登录账号？', { exact: true })).toBeVisible();
        await expect(dialog.getByText(/继续将退出该账号，改用刚才授权的QQ或微信账号登录/)).toBeVisible();
        await page.emulateMedia({ colorScheme: 'light' });
        expect(await axeViolations(page, 'switch account dialog (light)')).toEqual([]);
        await page.emulateMedia({ colorScheme: 'dark' });
        expect(await axeViolations(page, 'switch account dialog (dark)', COLOUR_RULES)).toEqual([]);
        await page.emulateMedia({ colorScheme: 'light' });
        await dialog.getByRole('button', { name: '保持当前登录' }).click();
        await expect(page).toHaveURL(/\/member$/);
        expect(await token()).toBe(mine);

        // Switching anyway: this browser did not start the attacker's login, so nothing changes.
        await page.goto(await attackersLoginCodeLink(kezhan.baseURL));
        await page.getByRole('dialog').getByRole('button', { name: '切换账号' }).click();
        await expect(page.getByText('授权已失效，请重新登录')).toBeVisible();
        expect(await token()).toBe(mine);
      },
    );
  });
});

test.describe('the payment pages (/payment/*)', () => {
  test('the cashier works under its policy, and markup planted in the transfer instructions runs nothing', async ({
    page,
    kezhan,
  }) => {
    const planted =
      '<p>转账至：课栈科技 6222 0000</p><img src="https://invalid.example/x.png" onerror="window.__planted=1">' +
      '<script>window.__planted=2</script>';
    await withConfig(
      kezhan,
      {
        'payment.handPay.enabled': { value: '1', restore: '0' },
        'payment.handPay.introduction': { value: planted, restore: '' },
      },
      async () => {
        const token = await registerMember(kezhan, uniqueMobile());
        const api = async <T>(path: string, body?: unknown) => {
          const res = await fetch(`${kezhan.baseURL}${path}`, {
            method: body ? 'POST' : 'GET',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json',
              Authorization: `Bearer ${token}`,
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          return ((await res.json()) as { data: T }).data;
        };
        const [plan] = await api<{ id: number }[]>('/api/v2/roles');
        const order = await api<{ pay_url: string }>('/api/v3/order', {
          goods_type: 'ROLE',
          goods_id: plan.id,
          agree_protocol: 1,
        });
        const violations = await watchViolations(page);
        const cashier = await page.goto(order.pay_url);
        expect(cashier?.headers()['x-frame-options']).toBe('DENY');
        expect(cashier?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
        await page.getByRole('radio', { name: '手动打款' }).check();
        await page.getByRole('button', { name: '确认支付' }).click();
        await expect(page.getByRole('heading', { name: '线下支付' })).toBeVisible();
        await expect(page.getByText('转账至：课栈科技 6222 0000')).toBeVisible();
        expect(
          await page.evaluate(() => (window as unknown as { __planted?: number }).__planted),
        ).toBeUndefined();
        expect(violations).toEqual([]);
      },
    );
  });
});
