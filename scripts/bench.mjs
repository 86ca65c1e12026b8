// `npm run bench`: every h5 route's JS/CSS (gzipped) against its budget (exit 1 when one is over),
// Lighthouse on the five main pages as `npm start` serves them, the API's per-request cost against
// a bare Node `http` server and its mixed workload (bench-api.mjs), and the transcode speed of the
// media pipeline; the operator console's initial JS against its budget; with DATABASE_URL, the dashboard's
// queries on a million orders (p95 budget 200 ms each); the lesson player's time to first frame
// after the tap on slow 4G (bench-player.mjs); a production node's start-up time and idle memory,
// compiled against tsx (bench-startup.mjs); with DATABASE_URL, 1,000 simulated learners for five
// minutes against two nodes on PostgreSQL + Redis (bench-learners.mjs). BENCH_ONLY=h5, admin,
// lighthouse, player, api, transcode, dashboard, startup or learners (comma-separated) runs only those parts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { apiBench } from './bench-api.mjs';
import { learnersBench } from './bench-learners.mjs';
import { lighthouseTable } from './bench-lighthouse.mjs';
import { playerFirstFrame } from './bench-player.mjs';
import { startupBench } from './bench-startup.mjs';
import { transcodeBench } from './bench-transcode.mjs';
import { ensureAdminBuild, ensureDependencies, ensureH5Build, ensureServerBuild, root } from './lib.mjs';

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

const parts = new Set(
  (process.env.BENCH_ONLY || 'h5,admin,lighthouse,player,api,transcode,dashboard,startup,learners').split(
    ',',
  ),
);
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
if (parts.has('player')) {
  ensureH5Build();
  const port = 18800 + Math.floor(Math.random() * 500);
  const kezhan = await startKezhan(port, { DATABASE_URL: '', REDIS_URL: '' });
  try {
    await playerFirstFrame(`http://127.0.0.1:${port}`, { mobile: '13800000000', password: 'kezhan123' });
  } finally {
    kezhan.stop();
  }
}
if (parts.has('transcode') || parts.has('media')) transcodeBench();
const slowQueries = parts.has('dashboard') ? dashboardQueries() : [];
// A production node refuses to start without the built h5 and console (config/built-apps.ts).
if (parts.has('api') || parts.has('startup') || parts.has('learners')) {
  ensureH5Build();
  ensureAdminBuild();
}
const apiMisses = parts.has('api') ? await apiBench(autocannon) : [];
if (parts.has('startup')) ensureServerBuild();
const startupMisses = parts.has('startup') ? await startupBench() : [];
const learnerMisses = parts.has('learners') ? await learnersBench() : [];
if (overBudget.length > 0) {
  console.error(`\n✗ over their JS budget: ${overBudget.join(', ')}`);
  process.exit(1);
}
if (apiMisses.length > 0) console.error(`\n✗ API: ${apiMisses.join(', ')}`);
if (startupMisses.length > 0) console.error(`\n✗ start-up: ${startupMisses.join(', ')}`);
if (learnerMisses.length > 0) console.error(`\n✗ ${learnerMisses.join(', ')}`);
if (slowQueries.length > 0 || apiMisses.length > 0 || startupMisses.length > 0 || learnerMisses.length > 0)
  process.exit(1);
