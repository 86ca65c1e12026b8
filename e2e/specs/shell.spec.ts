import { DESKTOP_UA } from '../support/devices';
import { expect, test, tokenFor, withConfig } from '../support/fixtures';
import { DEMO_MEMBER, type KezhanServer } from '../support/server';

/** `#root` while it holds the server's drawing of the first screen. */
const DRAWN_ROOT = '#root[data-first-screen]';

/** The free demo course and its first lesson, as the API lists them. */
async function freeCourse(kezhan: KezhanServer) {
  const get = async <T>(path: string) =>
    ((await (await fetch(`${kezhan.baseURL}${path}`)).json()) as { data: T }).data;
  const list = await get<{ data: { id: number; title: string }[] }>('/api/v2/courses?page=1&page_size=50');
  // By title: other specs add free courses of their own, whose lessons may not be transcoded yet.
  const course = list.data.find((c) => c.title === 'Python 零基础入门')!;
  const detail = await get<{ videos: Record<string, { id: number }[]> }>(`/api/v2/course/${course.id}`);
  return { ...course, firstLesson: Object.values(detail.videos).flat()[0]!.id };
}

test.describe('first screen drawn on the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the home page and the course list paint their content before any script runs', async ({ page }) => {
      await page.goto('/');
      const drawn = page.locator(DRAWN_ROOT);
      await expect(drawn).toHaveAttribute('inert', '');
      await expect(drawn.locator('.kz-home-brand')).toHaveText('课栈');
      await expect(drawn.locator('.kz-slider-slide img').first()).toBeVisible();
      await expect(drawn.locator('.kz-tab-title')).toHaveText(['首页', '在学', '我的']);

      await page.goto('/vod');
      await expect(drawn.locator('.kz-nav-title')).toHaveText('录播课程');
      await expect(drawn.locator('.kz-course-item').first()).toBeVisible();
    });

    test("a course's page, a lesson and the member centre paint what is the same for everyone", async ({
      page,
      kezhan,
    }) => {
      const course = await freeCourse(kezhan);
      const drawn = page.locator(DRAWN_ROOT);
      await page.goto(`/vod/detail?id=${course.id}`);
      await expect(drawn.locator('.kz-detail-title')).toHaveText(course.title);
      await expect(drawn.locator('.kz-detail-cover')).toBeVisible();
      await expect(drawn.locator('[role="tab"]')).toHaveText(['介绍', '目录', '评论', '课件']);
      // Whether the member bought or liked it comes with the app.
      await expect(drawn.locator('.kz-detail-bar')).toHaveText('');

      await page.goto(`/vod/video?id=${course.firstLesson}`);
      await expect(drawn.locator('.kz-nav-title')).toHaveText('视频播放');
      await expect(drawn.locator('.kz-player-box img')).toBeVisible();

      await page.goto('/member');
      await expect(drawn.locator('.kz-member-avatar img')).toBeVisible();
      await expect(drawn.locator('.kz-member-menu a')).toHaveText([
        '我的订单',
        '我的消息',
        '个人资料',
        '关于平台',
      ]);
      await expect(drawn).not.toContainText('请登录');
    });
  });

  test.describe('on a phone set to dark', () => {
    test.use({ colorScheme: 'dark' });

    test("the drawing is dark from the first paint, before the app's scripts run", async ({ page }) => {
      const policyErrors: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) policyErrors.push(message.text());
      });
      // Without the app's scripts, only the page's own inline theme script can set the theme.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      await expect(page.locator(DRAWN_ROOT).locator('.kz-home-brand')).toHaveText('课栈');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(html).toHaveAttribute('data-prefers-color-scheme', 'dark');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1e1e1e');
      expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).not.toBe(
        'rgb(255, 255, 255)',
      );
      expect(policyErrors).toEqual([]);
    });

    test('a member who chose 浅色 gets a light first paint', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('kezhan-appearance', 'light'));
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    });
  });

  test("the member centre asks for the member once, at once, and takes the drawing's place with their card", async ({
    page,
    kezhan,
  }) => {
    const token = await tokenFor(kezhan, DEMO_MEMBER.mobile, DEMO_MEMBER.password);
    const me = (await (
      await fetch(`${kezhan.baseURL}/api/v2/member/detail`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { nick_name: string } };
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/v2/member/detail' || /^\/assets\/start-/.test(pathname)) asked.push(pathname);
    });
    await page.goto('/member');
    await expect(page.locator(DRAWN_ROOT)).toHaveCount(0);
    await expect(page.locator('.kz-member-name strong')).toHaveText(me.data.nick_name);
    await expect(page.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/member/order');
    // Asked by the entry, before the app's scripts are even fetched, and not asked again by them.
    expect(asked).toEqual(['/api/v2/member/detail', expect.stringMatching(/^\/assets\/start-/)]);
  });

  test("a lesson's page hands over to the player in the place kept for it; played, hls.js transmuxes in its worker", async ({
    page,
    kezhan,
  }) => {
    const course = await freeCourse(kezhan);
    const token = await tokenFor(kezhan, DEMO_MEMBER.mobile, DEMO_MEMBER.password);
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
    let releasePlayInfo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releasePlayInfo = resolve));
    await page.route('**/api/v2/video/*/playinfo', async (route) => {
      await held;
      await route.continue();
    });
    // The worker's file is fetched beside hls.js and started from its text (a blob: address).
    const workerFile = page.waitForResponse((res) =>
      /^\/assets\/hls\.worker-[\w-]+\.js$/.test(new URL(res.url()).pathname),
    );
    const worker = page.waitForEvent('worker', (w) => w.url().startsWith('blob:'));
    await page.goto(`/vod/video?id=${course.firstLesson}`);
    await expect(page.locator(DRAWN_ROOT)).toHaveCount(0);
    await expect(page.locator('.kz-video-page .kz-player-box[aria-label="加载中"]')).toBeVisible();
    const title = page.locator('.kz-video-title');
    const before = (await title.boundingBox())!.y;

    releasePlayInfo();
    await expect(page.getByLabel('视频播放器')).toHaveAttribute('data-source', 'hls.js');
    // The player and its control bar take the place kept for them: the title does not move.
    expect((await title.boundingBox())!.y).toBe(before);
    await page.getByLabel('视频播放器').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    expect((await workerFile).status()).toBe(200);
    await worker;
  });

  test("the app takes the drawing's place in one step and is then in use", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator(DRAWN_ROOT)).toHaveCount(0);
    await expect(page.locator('#root')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
    await page.getByRole('searchbox', { name: '搜索关键词' }).fill('Python');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?keywords=Python$/);
  });
});

test.describe('app shell', () => {
  test('the home page arrives with its config and blocks inlined: no request waits for them', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/v2/other/config' || pathname === '/api/v2/viewBlock/page/blocks')
        asked.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    await expect(page.locator(DRAWN_ROOT)).toHaveCount(0);
    await expect(page.locator('.adm-swiper, .kz-slider, img').first()).toBeVisible();
    expect(asked).toEqual([]);
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
  });

  test('the course list arrives with its categories and first courses inlined', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/vod');
    await expect(page.getByRole('link', { name: /人已(订阅|购买)/ }).first()).toBeVisible();
    await expect(page.locator(DRAWN_ROOT)).toHaveCount(0);
    expect(asked).toEqual([]);
    // The first course's cover is the largest paint: preloaded when it has one (a course made in
    // the operator console by another spec may come first without a cover).
    const firstCover = await page.evaluate(() => {
      const boot = JSON.parse(document.getElementById('kezhan-boot')?.textContent ?? '{}');
      const page1 = Object.entries(boot).find(([address]) => address.startsWith('/api/v2/courses?'));
      return (page1?.[1] as { data: { data: { thumb: string }[] } }).data.data[0].thumb;
    });
    await expect(page.locator('link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(
      firstCover ? 1 : 0,
    );

    await page.getByRole('tab', { name: '免费' }).click();
    await expect.poll(() => asked).toContain('/api/v2/courses');
  });

  test('unknown paths show the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  });

  test('the tab bar switches tabs and replaces history', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    await expect(tabs.getByRole('button', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('button', { name: '我的' }).click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(tabs.getByRole('button', { name: '我的' })).toHaveAttribute('aria-current', 'page');
    const length = await page.evaluate(() => history.length);
    await tabs.getByRole('button', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => history.length)).toBe(length);
    await tabs.getByRole('button', { name: '在学' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fstudy$/);
  });

  test('desktop browsers go to the PC site when pc_url is set', async ({ browser, kezhan }) => {
    await withConfig(kezhan, { pc_url: { value: 'https://pc.example.com', restore: '' } }, async () => {
      const desktop = await browser.newContext({
        userAgent: DESKTOP_UA,
        viewport: { width: 1280, height: 800 },
      });
      const page = await desktop.newPage();
      await page.route('https://pc.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<html><body><h1>PC site</h1></body></html>' }),
      );
      await page.goto(`${kezhan.baseURL}/member`);
      await expect(page).toHaveURL('https://pc.example.com/');
      await expect(page.getByRole('heading', { name: 'PC site' })).toBeVisible();
      await desktop.close();
    });
  });

  test('phones stay on the h5 when pc_url is set', async ({ page, kezhan }) => {
    await withConfig(kezhan, { pc_url: { value: 'https://pc.example.com', restore: '' } }, async () => {
      await page.goto('/');
      await expect(page.getByPlaceholder('搜索关键词')).toBeVisible();
      expect(page.url()).toContain(kezhan.baseURL);
    });
  });

  test('API down: a clear message and a retry instead of a blank screen', async ({ page }) => {
    // The page itself arrives (e.g. from a CDN) but without inlined answers, and the API is down.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script id="kezhan-boot"[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      },
    );
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.getByText('网络连接失败，请检查网络后重试')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '站点配置加载失败' })).toBeVisible();
    await expect(page.getByPlaceholder('搜索关键词')).toBeVisible();

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByText('站点配置加载失败，请检查网络后重试')).toHaveCount(0);
    await expect(page.getByText('课栈').first()).toBeVisible();
  });
});
