// Lighthouse (mobile preset: simulated 4G, 4× CPU slow-down) on the main pages of the h5 as
// `npm start` serves them, run 3 times each in Debian's Chromium; prints the medians.
import fs from 'node:fs';
import path from 'node:path';
import { median } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
/**
 * When set, each run's full Lighthouse report (JSON) and the page's trace (`*.trace.json`, opens in
 * Chromium's performance panel) are written there, for a closer look.
 */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** When set (comma-separated words of page names, e.g. `video,home`), only those pages run. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function api(base, path, init) {
  const res = await fetch(`${base}${path}`, init);
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * Total blocking time counted from the main thread's own CPU time instead of each task's wall
 * time: every task after the first contentful paint, its thread time ×4, less 50 ms. On a busy
 * machine (two cores shared with the server and Chromium's other processes) the page's thread
 * waits for a core in the middle of short tasks, and Lighthouse counts that wait as blocking, four
 * times over; this figure is what the page's own work costs.
 */
export function cpuBlockingTime(trace) {
  const events = trace.traceEvents;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!firstPaint) return NaN;
  const mainThread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === firstPaint.pid && event.args.name === 'CrRendererMain',
  );
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.pid !== firstPaint.pid || event.tid !== mainThread?.tid) continue;
    if (event.ts < firstPaint.ts || event.tdur === undefined) continue;
    blocking += Math.max(0, (event.tdur / 1000) * CPU_SLOWDOWN - LONG_TASK_MS);
  }
  return blocking;
}

/** The five main pages, found in the demo catalogue: a free course and its first lesson. */
async function mainPages(base) {
  const courses = await api(base, '/api/v2/courses?page=1&page_size=50');
  const freeCourse = courses.data.find((course) => course.charge === 0) ?? courses.data[0];
  const detail = await api(base, `/api/v2/course/${freeCourse.id}`);
  const firstLesson = Object.values(detail.videos).flat()[0];
  return [
    { name: 'home', path: '/' },
    { name: 'course list', path: '/vod' },
    { name: 'course detail', path: `/vod/detail?id=${freeCourse.id}` },
    { name: 'video (logged in, free lesson)', path: `/vod/video?id=${firstLesson.id}`, member: true },
    { name: 'member centre (logged in)', path: '/member', member: true },
  ];
}

/** Runs Lighthouse on each main page and prints score, LCP, TBT, CLS and bytes (medians). */
export async function lighthouseTable(base, member) {
  const [{ default: lighthouse }, { default: puppeteer }] = await Promise.all([
    import('lighthouse'),
    import('puppeteer-core'),
  ]);
  const token = (
    await api(base, '/api/v2/login/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(member),
    })
  ).token;
  const pages = (await mainPages(base)).filter(
    (target) => !ONLY_PAGES || ONLY_PAGES.some((word) => target.name.includes(word)),
  );
  if (REPORT_DIR) fs.mkdirSync(REPORT_DIR, { recursive: true });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const target of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A fresh context per run: empty HTTP cache, no service worker from an earlier run. Member
        // pages get the login token where the h5 keeps it (set on a JSON address of the same
        // origin, so no page registers the worker first) and Lighthouse keeps that storage.
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.goto(`${base}/api/v2/other/config`);
        if (target.member)
          await page.evaluate((value) => localStorage.setItem('meedu-h5-token', value), token);
        const result = await lighthouse(
          `${base}${target.path}`,
          {
            output: 'json',
            onlyCategories: ['performance'],
            disableStorageReset: Boolean(target.member),
            logLevel: 'error',
          },
          undefined,
          page,
        );
        if (REPORT_DIR) {
          const slug = target.name.split(' (')[0].replace(/\s+/g, '-');
          const file = `${slug}-${run + 1}.json`;
          fs.writeFileSync(path.join(REPORT_DIR, file), JSON.stringify(result.lhr));
          const traceFile = file.replace(/json$/, 'trace.json');
          fs.writeFileSync(path.join(REPORT_DIR, traceFile), JSON.stringify(result.artifacts.Trace));
        }
        const audits = result.lhr.audits;
        runs.push({
          score: Math.round(result.lhr.categories.performance.score * 100),
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cpuTbt: cpuBlockingTime(result.artifacts.Trace),
          cls: audits['cumulative-layout-shift'].numericValue,
          bytes: audits['total-byte-weight'].numericValue,
        });
        await context.close();
      }
      rows.push({
        name: target.name,
        path: target.path,
        score: median(runs.map((r) => r.score)),
        range: `${Math.min(...runs.map((r) => r.score))}–${Math.max(...runs.map((r) => r.score))}`,
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cpuTbt: median(runs.map((r) => r.cpuTbt)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
      });
    }
  } finally {
    await browser.close();
  }

  console.log(`\n== Lighthouse ${RUNS}× per page, mobile (simulated 4G, 4× CPU), as npm start serves them`);
  console.log("   (TBT cpu: the same sum from the main thread's CPU time, without its waits for a core)");
  console.log(
    `${'page'.padEnd(32)} ${'score'.padStart(5)} ${'range'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'TBT cpu'.padStart(8)} ${'CLS'.padStart(6)} ${'bytes'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)} ${String(row.score).padStart(5)} ${row.range.padStart(8)} ${`${(row.lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(row.tbt)} ms`.padStart(7)} ${`${Math.round(row.cpuTbt)} ms`.padStart(8)} ${row.cls.toFixed(3).padStart(6)} ${`${Math.round(row.bytes / 1024)} KiB`.padStart(10)}`,
    );
  }
  return rows;
}
