// `npm run bench`: every h5 route's JS/CSS (gzipped) against its budget (exit 1 when one is over),
// Lighthouse on the five main pages as `npm start` serves them, API throughput measured with
// autocannon against the real server (next to a bare Node `http` server answering the same JSON,
// and the protected-video key and segment endpoints), and the transcode speed of the media
// pipeline; the operator console's initial JS against its budget; with DATABASE_URL, the dashboard's
// queries on a million orders (p95 budget 200 ms each). BENCH_ONLY=h5, admin, lighthouse, api, media
// or dashboard (comma-separated) runs only those parts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { lighthouseTable } from './bench-lighthouse.mjs';
import { ensureAdminBuild, ensureDependencies, ensureH5Build, hasFfmpeg, root } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

ensureDependencies();
const { default: autocannon } = await import('autocannon');

/** Every route's JS/CSS, gzipped, against its budget; returns the routes over budget. */
function h5Budget() {
  const measure = path.join(root, 'apps/h5/scripts/measure-bundle.mjs');
  ensureH5Build();
  const report = JSON.parse(execFileSync(process.execPath, [measure], { encoding: 'utf8' }));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\n== h5 JS/CSS per route, production build, gzipped');
  console.log(`shell (every route): JS ${kb(report.shell.jsGzip)}, CSS ${kb(report.shell.cssGzip)}`);
  console.log(
    `${'route page'.padEnd(34)} ${'counts'.padEnd(13)} ${'JS'.padStart(9)} ${'budget'.padStart(9)} ${'CSS'.padStart(9)}  lazy`,
  );
  for (const route of report.routes) {
    const mark = route.overBudget ? '  ✗ OVER BUDGET' : '';
    const lazy = route.lazyImports.map((key) => key.split('/').pop()).join(', ');
    console.log(
      `${route.page.padEnd(34)} ${route.counts.padEnd(13)} ${kb(route.jsGzip).padStart(9)} ${kb(route.budget).padStart(9)} ${kb(route.cssGzip).padStart(9)}  ${lazy}${mark}`,
    );
  }
  return report.overBudget;
}

/** The operator console's initial JS (login page + shell), gzipped, against its 350 KB budget. */
function adminBudget() {
  ensureAdminBuild();
  const measure = path.join(root, 'apps/admin/scripts/measure-bundle.mjs');
  const report = JSON.parse(execFileSync(process.execPath, [measure], { encoding: 'utf8' }));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\n== operator console (/admin) JS, production build, gzipped');
  const mark = report.overBudget ? '  ✗ OVER BUDGET' : '';
  console.log(`initial load (login + shell): ${kb(report.initial.js)} / budget ${kb(report.budget)}${mark}`);
  for (const page of report.pages) console.log(`  ${page.page.padEnd(50)} +${kb(page.js)}`);
  return report.overBudget ? ['/admin initial load'] : [];
}

async function startKezhan(port, databaseEnv = { DATABASE_URL: '', REDIS_URL: '' }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      KEZHAN_DEV: '1',
      JOBS_ENABLED: '0',
      ...databaseEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('Kezhan listening') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { stop: () => child.kill('SIGTERM'), dataDir };
}

/** The reference: Node's own http server answering the same bytes, in its own process like ours. */
async function startBare(port, body) {
  const source = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end(process.env.BODY); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { close: () => child.kill() };
}

/** A new empty database on the same server, so the bench never touches real data. */
async function freshPostgresDatabase(url) {
  const { default: pg } = await import('pg');
  const name = `kezhan_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** The demo's first free lesson: its signed key and first segment addresses, as hls.js finds them. */
async function protectedAddresses(base, auth) {
  const courses = await (await fetch(`${base}/api/v2/courses?page_size=50`)).json();
  const course = courses.data.data.find((c) => c.slug === 'python-basics');
  const detail = await (await fetch(`${base}/api/v2/course/${course.id}`)).json();
  const lesson = Object.values(detail.data.videos).flat()[0];
  const play = await (await fetch(`${base}/api/v2/video/${lesson.id}/playinfo`, { headers: auth })).json();
  const uris = (text) => text.split('\n').filter((line) => line && !line.startsWith('#'));
  const master = await (await fetch(play.data.urls[0].url)).text();
  const media = await (await fetch(new URL(uris(master)[0], base))).text();
  const key = /URI="([^"]+)"/.exec(media)[1];
  return { key: new URL(key, base).toString(), segment: new URL(uris(media)[0], base).toString() };
}

function transcodeSpeed() {
  console.log('\n== Video transcode (720p source → 360p + 720p ladder + trial cut, AES-128, one ffmpeg run)');
  if (!hasFfmpeg()) {
    console.log('ffmpeg not found: skipped');
    return;
  }
  const script = path.join(root, 'apps/server/src/modules/media/bench-transcode.ts');
  const result = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8' }).trim(),
  );
  console.log(
    `${result.seconds} s of video in ${result.elapsed} s: ${result.speed}× real time on ${os.cpus().length} core(s) (shared with anything else running)`,
  );
}

/** The console dashboard's queries on a seeded million-order shop in a database of its own. */
function dashboardQueries() {
  if (!process.env.DATABASE_URL) {
    console.log('\n== Dashboard queries: skipped (needs DATABASE_URL, a PostgreSQL server)');
    return [];
  }
  const script = path.join(root, 'apps/server/src/modules/dashboard/bench-dashboard.ts');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
    return [];
  } catch {
    return ['dashboard queries'];
  }
}

async function apiThroughput(label, databaseEnv) {
  const port = 18300 + Math.floor(Math.random() * 500);
  const kezhan = await startKezhan(port, databaseEnv);
  try {
    const base = `http://127.0.0.1:${port}`;
    const config = await (await fetch(`${base}/api/v2/other/config`)).text();
    const login = await (
      await fetch(`${base}/api/v2/login/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '13800000000', password: 'kezhan123' }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.data.token}` };
    const bare = await startBare(port + 1, config);

    console.log(
      `\n== API throughput on ${label} (autocannon, ${CONNECTIONS} connections, ${DURATION}s each, same machine)`,
    );
    const rows = [];
    const bareResult = await load(`http://127.0.0.1:${port + 1}/`);
    rows.push(['bare node:http (same config JSON)', bareResult]);
    const configResult = await load(`${base}/api/v2/other/config`);
    rows.push(['GET /api/v2/other/config', configResult]);
    const detailResult = await load(`${base}/api/v2/member/detail`, auth);
    rows.push(['GET /api/v2/member/detail (auth)', detailResult]);
    const media = await protectedAddresses(base, auth);
    rows.push(['GET /media/hls/…/key (grant + access)', await load(media.key)]);
    rows.push(['GET /media/seg/…/seg-0.ts (grant)', await load(media.segment)]);
    for (const [name, r] of rows) {
      console.log(
        `${name.padEnd(38)} ${String(r.rps).padStart(7)} req/s   p99 ${r.p99} ms   ${Math.round((r.rps / bareResult.rps) * 100)}% of bare`,
      );
    }
    console.log(`config vs bare: ${Math.round((configResult.rps / bareResult.rps) * 100)}% (goal ≥ 60%)`);
    bare.close();
  } finally {
    kezhan.stop();
  }
}

const parts = new Set((process.env.BENCH_ONLY || 'h5,admin,lighthouse,api,media,dashboard').split(','));
const overBudget = [...(parts.has('h5') ? h5Budget() : []), ...(parts.has('admin') ? adminBudget() : [])];
if (parts.has('lighthouse')) {
  ensureH5Build();
  const port = 18800 + Math.floor(Math.random() * 500);
  const kezhan = await startKezhan(port, { DATABASE_URL: '', REDIS_URL: '' });
  try {
    await lighthouseTable(`http://127.0.0.1:${port}`, { mobile: '13800000000', password: 'kezhan123' });
  } finally {
    kezhan.stop();
  }
}
if (parts.has('media')) transcodeSpeed();
const slowQueries = parts.has('dashboard') ? dashboardQueries() : [];
if (parts.has('api')) {
  await apiThroughput('PGlite, in-memory state', { DATABASE_URL: '', REDIS_URL: '' });
  if (process.env.DATABASE_URL) {
    await apiThroughput('PostgreSQL + Redis', {
      DATABASE_URL: await freshPostgresDatabase(process.env.DATABASE_URL),
      REDIS_URL: process.env.REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `kezhan-bench-${process.pid}:`,
    });
  }
}
if (overBudget.length > 0) {
  console.error(`\n✗ over their JS budget: ${overBudget.join(', ')}`);
  process.exit(1);
}
if (slowQueries.length > 0) process.exit(1);
