// The lesson player's time to first frame: a member opens a free lesson on a phone over Lighthouse's
// slow 4G (applied in the browser, as Lighthouse's devtools throttling does: 562.5 ms per request,
// 1.47 Mbit/s down, 675 kbit/s up, CPU 4× slower), taps 播放 as soon as the app's own button is in
// place, and the frame the browser first presents is timed from that tap. Also reported: when the
// button could first be tapped (from the start of navigation), and the first frame counted from
// there. Each run starts with an empty cache. Run with `BENCH_ONLY=player npm run bench`.
import { median } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.PLAYER_RUNS || 3);
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const PHONE = { width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function api(base, path, init) {
  const body = await (await fetch(`${base}${path}`, init)).json();
  if (body.code !== 0) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

async function firstFreeLesson(base) {
  const courses = await api(base, '/api/v2/courses?page=1&page_size=50');
  const course = courses.data.find((c) => c.charge === 0) ?? courses.data[0];
  const detail = await api(base, `/api/v2/course/${course.id}`);
  return Object.values(detail.videos).flat()[0];
}

/** One run: milliseconds from navigation to a tappable 播放, and from the tap to the first frame. */
async function oneRun(browser, base, path, token) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.goto(`${base}/api/v2/other/config`);
    await page.evaluate((value) => localStorage.setItem('meedu-h5-token', value), token);
    await page.setViewport(PHONE);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Not awaited: the member taps as soon as the button is there, whatever else is still loading.
    const navigation = page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 180_000 }).catch(() => null);
    // The app's button, not the server's drawing (which is a picture and cannot be tapped).
    const button = await page.waitForSelector(
      '#root:not([data-first-screen]) .kz-player-start:not([disabled])',
      { timeout: 120_000 },
    );
    const tappableAt = await page.evaluate(() => performance.now());
    const frame = page.evaluate(
      () =>
        new Promise((resolve) => {
          const wait = () => {
            const video = globalThis.document.querySelector('video');
            if (!video) return globalThis.requestAnimationFrame(wait);
            video.muted = false;
            video.requestVideoFrameCallback((now) => resolve(now));
          };
          wait();
        }),
    );
    const tappedAt = await page.evaluate(() => performance.now());
    await button.tap();
    const framedAt = await Promise.race([
      frame,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no frame within 120 s')), 120_000)),
    ]);
    await navigation;
    return { tappable: tappableAt, firstFrame: framedAt - tappedAt, total: framedAt };
  } finally {
    await context.close();
  }
}

/** Prints the medians of RUNS runs against the Kezhan server at `base`, as the demo `member`. */
export async function playerFirstFrame(base, member) {
  const { default: puppeteer } = await import('puppeteer-core');
  const token = (
    await api(base, '/api/v2/login/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(member),
    })
  ).token;
  const lesson = await firstFreeLesson(base);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--autoplay-policy=user-gesture-required'],
  });
  const runs = [];
  try {
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await oneRun(browser, base, `/vod/video?id=${lesson.id}`, token));
  } finally {
    await browser.close();
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\n== Lesson player on slow 4G (4× CPU), ${RUNS} runs, medians (a free lesson, logged in)`);
  console.log(`播放 tappable after navigation start   ${s(median(runs.map((r) => r.tappable)))}`);
  console.log(`first frame after the tap             ${s(median(runs.map((r) => r.firstFrame)))}`);
  console.log(`first frame after navigation start    ${s(median(runs.map((r) => r.total)))}`);
  console.log(`  (runs, tap → frame: ${runs.map((r) => s(r.firstFrame)).join(', ')})`);
  return runs;
}
