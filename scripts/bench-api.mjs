// The API part of `npm run bench` (BENCH_ONLY=api runs only this).
//
// 1. The fixed cost every request pays: `GET /api/v2/other/config` against a bare `node:http`
//    server answering the same bytes, measured in the same run in alternating slices (bare,
//    Kezhan, bare, …; each slice a fresh autocannon run, connections renewed every 500 requests),
//    so a busy machine slows both sides alike. Reported as the median ratio of the slice pairs and
//    their spread; goal ≥ 0.5×. In development as `npm start` runs it (PGlite, readable log at
//    info) and, with DATABASE_URL, in production (NODE_ENV=production, PostgreSQL + Redis, JSON log).
// 2. A member's mixed workload (config, course list, course detail, member detail, progress
//    record) on the same servers: requests per second, p99, and any answer that is not code 0.
// 3. The protected video's key and segment addresses.
//
// Rate limits stay on, with budgets raised so that they count every request but refuse none: what
// they cost is part of what is measured. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each
// Kezhan server (<dir>/<label>.cpuprofile; open it in Chrome DevTools or speedscope) and the times of
// its config slices (<label>.slices.json): `node scripts/profile-summary.mjs <dir>/<label>.cpuprofile`
// prints where the server's time went during those slices, by module and function.
// BENCH_API_RATIO_ONLY=1 measures only the config ratios (part 1).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropPostgresDatabase, freshPostgresDatabase } from './bench-databases.mjs';
import { median, root } from './lib.mjs';

const SLICES = Number(process.env.BENCH_SLICES || 8);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS || 1.25);
const RATIO_CONNECTIONS = Number(process.env.BENCH_RATIO_CONNECTIONS || 10);
const RENEW_EVERY = 500;
const MIXED_SECONDS = Number(process.env.BENCH_SECONDS || 8);
const MIXED_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const RATIO_GOAL = 0.5;
/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;
/** Budgets no bench reaches: every request is counted, none refused. */
const UNREACHABLE_BUDGET = '1000000000';

const limitsThatNeverRefuse = {
  RATE_LIMIT_PER_MINUTE: UNREACHABLE_BUDGET,
  RATE_LIMIT_MEMBER_PER_MINUTE: UNREACHABLE_BUDGET,
  RATE_LIMIT_BOOT_PER_MINUTE: UNREACHABLE_BUDGET,
  RATE_LIMIT_CONSOLE_PER_MINUTE: UNREACHABLE_BUDGET,
  RATE_LIMIT_MEDIA_PER_MINUTE: UNREACHABLE_BUDGET,
};

/** A Kezhan node in its own process; stdout is read (and dropped) as a terminal would read it. */
export async function startKezhan(port, env, label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-'));
  // Every thread of the process writes a profile of its own (tsx's loader thread too, and it ends
  // last): each server profiles into a directory of its own, and the largest profile is its main
  // thread's, kept as <label>.cpuprofile.
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
  const threadProfiles = profileDir ? fs.mkdtempSync(path.join(profileDir, `${label}-`)) : null;
  const profile = threadProfiles ? ['--cpu-prof', '--cpu-prof-dir', threadProfiles] : [];
  // `undefined` unsets a variable the bench itself may have been given.
  const childEnv = Object.fromEntries(
    Object.entries({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JOBS_ENABLED: '0',
      ...limitsThatNeverRefuse,
      ...env,
    }).filter(([, value]) => value !== undefined),
  );
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('Kezhan listening') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const profiledSlices = [];
  return {
    pid: child.pid,
    label,
    /** Marks a measured slice, so that the profile summary can keep only what happened in them. */
    profiledSlice: profileDir
      ? () => {
          const start = microsecondsNow();
          return (requests) => profiledSlices.push([start, microsecondsNow(), requests]);
        }
      : () => () => {},
    stop: async () => {
      await new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      if (threadProfiles) keepMainThreadProfile(threadProfiles, profileDir, label, profiledSlices);
    },
  };
}

/** The monotonic clock V8's profiles use for their timestamps, in µs. */
const microsecondsNow = () => Number(process.hrtime.bigint() / 1000n);

function keepMainThreadProfile(threadProfiles, profileDir, label, slices) {
  const files = fs
    .readdirSync(threadProfiles)
    .map((name) => path.join(threadProfiles, name))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  if (files.length > 0) fs.renameSync(files[0], path.join(profileDir, `${label}.cpuprofile`));
  fs.rmSync(threadProfiles, { recursive: true, force: true });
  fs.writeFileSync(path.join(profileDir, `${label}.slices.json`), JSON.stringify(slices));
}

/** The reference: Node's own http server answering the same bytes, in its own process like ours. */
async function startBare(port, body) {
  const source = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end(process.env.BODY); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { pid: child.pid, stop: () => child.kill() };
}

const freePort = () => 18300 + Math.floor(Math.random() * 1500);

/** CPU time (user + system, ms) a process has used so far, from /proc; null elsewhere. */
function cpuMilliseconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** One autocannon run: requests per second, and the server's CPU time per request (µs) when known. */
async function slice(autocannon, url, pid) {
  const cpuBefore = cpuMilliseconds(pid);
  const result = await autocannon({
    url,
    connections: RATIO_CONNECTIONS,
    duration: SLICE_SECONDS,
    reconnectRate: RENEW_EVERY,
  });
  const cpuAfter = cpuMilliseconds(pid);
  if (result.non2xx > 0 || result.errors > 0)
    console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requests: result.requests.total,
    rps: result.requests.total / SLICE_SECONDS,
    cpu:
      cpuBefore === null || cpuAfter === null
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

const round = (value, digits = 2) => Number(value.toFixed(digits));
const thousands = (value) => Math.round(value).toLocaleString('en-US');

/**
 * Config against bare node:http in alternating slices (one warm-up pair first). Returns the
 * median ratio and its spread.
 */
async function configRatio(autocannon, kezhan, base, label) {
  const config = await (await fetch(`${base}/api/v2/other/config`)).text();
  const barePort = freePort();
  const bare = await startBare(barePort, config);
  try {
    const sides = {
      bare: () => slice(autocannon, `http://127.0.0.1:${barePort}/`, bare.pid),
      kezhan: async (warmUp = false) => {
        const done = warmUp ? () => {} : kezhan.profiledSlice();
        const measured = await slice(autocannon, `${base}/api/v2/other/config`, kezhan.pid);
        done(measured.requests);
        return measured;
      },
    };
    await sides.bare();
    await sides.kezhan(true);
    const pairs = [];
    for (let i = 0; i < SLICES; i += 1) {
      // Alternate which side goes first, so neither always follows the other's leftovers.
      const [first, second] = i % 2 === 0 ? ['bare', 'kezhan'] : ['kezhan', 'bare'];
      const pair = { [first]: await sides[first](), [second]: await sides[second]() };
      pairs.push({
        ...pair,
        ratio: pair.kezhan.rps / pair.bare.rps,
        cpuRatio: pair.kezhan.cpu && pair.bare.cpu ? pair.bare.cpu / pair.kezhan.cpu : null,
      });
    }
    const ratios = pairs.map((pair) => pair.ratio);
    const result = {
      label,
      bare: median(pairs.map((pair) => pair.bare.rps)),
      kezhan: median(pairs.map((pair) => pair.kezhan.rps)),
      ratio: median(ratios),
      low: Math.min(...ratios),
      high: Math.max(...ratios),
    };
    console.log(
      `${label.padEnd(34)} bare ${thousands(result.bare).padStart(6)} req/s, config ${thousands(result.kezhan).padStart(6)} req/s: ` +
        `ratio median ${round(result.ratio)}× (slices ${round(result.low)}–${round(result.high)}×)  ` +
        `${result.ratio >= RATIO_GOAL ? '✓' : '✗'} goal ≥ ${RATIO_GOAL}×`,
    );
    if (pairs.every((pair) => pair.cpuRatio !== null)) {
      const cpuRatios = pairs.map((pair) => pair.cpuRatio);
      console.log(
        `${''.padEnd(34)} server CPU per request: bare ${round(median(pairs.map((p) => p.bare.cpu)), 1)} µs, ` +
          `config ${round(median(pairs.map((p) => p.kezhan.cpu)), 1)} µs: ratio median ${round(median(cpuRatios))}× ` +
          `(slices ${round(Math.min(...cpuRatios))}–${round(Math.max(...cpuRatios))}×)`,
      );
    }
    return result;
  } finally {
    bare.stop();
  }
}

async function signIn(base) {
  const login = await (
    await fetch(`${base}/api/v2/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000000', password: 'kezhan123' }),
    })
  ).json();
  if (login.code !== 0) throw new Error(`demo login failed: ${login.message}`);
  return { authorization: `Bearer ${login.data.token}` };
}

/** The demo's free course: its id and its first lesson's id. */
async function demoCourse(base) {
  const courses = await (await fetch(`${base}/api/v2/courses?page_size=50`)).json();
  const course = courses.data.data.find((c) => c.slug === 'python-basics') ?? courses.data.data[0];
  const detail = await (await fetch(`${base}/api/v2/course/${course.id}`)).json();
  const lesson = Object.values(detail.data.videos).flat()[0];
  return { courseId: course.id, lessonId: lesson.id };
}

/** A signed-in member's mixed workload; every answer must be code 0. */
async function mixedWorkload(autocannon, base, label) {
  const auth = await signIn(base);
  const { courseId, lessonId } = await demoCourse(base);
  let refused = 0;
  const check = (_status, body) => {
    if (!body.startsWith('{"code":0')) refused += 1;
  };
  const json = { ...auth, 'content-type': 'application/json' };
  const result = await autocannon({
    url: base,
    connections: MIXED_CONNECTIONS,
    duration: MIXED_SECONDS,
    requests: [
      { method: 'GET', path: '/api/v2/other/config', headers: auth, onResponse: check },
      { method: 'GET', path: '/api/v2/courses?page=1&page_size=16', headers: auth, onResponse: check },
      { method: 'GET', path: `/api/v2/course/${courseId}`, headers: auth, onResponse: check },
      { method: 'GET', path: '/api/v2/member/detail', headers: auth, onResponse: check },
      {
        method: 'POST',
        path: `/api/v2/video/${lessonId}/record`,
        headers: json,
        body: JSON.stringify({ duration: 30 }),
        onResponse: check,
      },
    ],
  });
  const failures = refused + result.non2xx + result.errors;
  console.log(
    `${label.padEnd(44)} ${thousands(result.requests.average).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ` +
      `${failures === 0 ? 'every answer code 0' : `✗ ${failures} failed (${refused} not code 0, ${result.non2xx} non-2xx, ${result.errors} errors)`}`,
  );
  return { label, rps: result.requests.average, p99: result.latency.p99, failures };
}

/** The demo's first free lesson: its signed key and first segment addresses, as hls.js finds them. */
async function protectedAddresses(base, auth, lessonId) {
  const play = await (await fetch(`${base}/api/v2/video/${lessonId}/playinfo`, { headers: auth })).json();
  const uris = (text) => text.split('\n').filter((line) => line && !line.startsWith('#'));
  const master = await (await fetch(play.data.urls[0].url)).text();
  const media = await (await fetch(new URL(uris(master)[0], base))).text();
  const key = /URI="([^"]+)"/.exec(media)[1];
  return { key: new URL(key, base).toString(), segment: new URL(uris(media)[0], base).toString() };
}

async function mediaThroughput(autocannon, base) {
  const auth = await signIn(base);
  const { lessonId } = await demoCourse(base);
  const media = await protectedAddresses(base, auth, lessonId);
  for (const [name, url] of [
    ['GET /media/hls/…/key (grant + access)', media.key],
    ['GET /media/seg/…/seg-0.ts (grant)', media.segment],
  ]) {
    const result = await autocannon({ url, connections: MIXED_CONNECTIONS, duration: MIXED_SECONDS / 2 });
    console.log(
      `${name.padEnd(44)} ${thousands(result.requests.average).padStart(7)} req/s   p99 ${result.latency.p99} ms` +
        (result.non2xx ? `   ✗ ${result.non2xx} non-2xx` : ''),
    );
  }
}

/** Shared secrets of a production node (and of the development node that seeds its database). */
export function productionSecrets() {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    JWT_SECRET: secret(),
    MEDIA_SIGNING_SECRET: secret(),
    MEDIA_KEY_SECRET: secret(),
  };
}

/**
 * A production node on PostgreSQL + Redis with the demo catalogue: a development node migrates and
 * seeds a fresh database first (production seeds nothing), then stops.
 */
async function startProduction(port, databaseUrl) {
  const databaseName = `kezhan_bench_${process.pid}_production`;
  const database = await freshPostgresDatabase(databaseUrl, databaseName);
  const shared = {
    ...productionSecrets(),
    DATABASE_URL: database,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `kezhan-bench-${process.pid}:`,
  };
  const seeder = await startKezhan(port, { ...shared, KEZHAN_DEV: '1', NODE_ENV: undefined }, 'seed');
  await seeder.stop();
  const node = await startKezhan(
    port,
    {
      ...shared,
      NODE_ENV: 'production',
      KEZHAN_DEV: undefined,
      SOCIAL_DRIVER: 'real',
      FACEID_DRIVER: 'real',
      SMS_DRIVER: 'aliyun',
      LOG_LEVEL: undefined,
      LOG_FORMAT: undefined,
    },
    'production',
  );
  const stop = async () => {
    await node.stop();
    await dropPostgresDatabase(databaseUrl, databaseName);
  };
  return { ...node, stop };
}

/** Every API figure of the bench; returns what missed its goal. */
export async function apiBench(autocannon) {
  console.log(
    `\n== API per-request cost: GET /api/v2/other/config against a bare node:http server answering the same bytes ` +
      `(${SLICES} alternating ${SLICE_SECONDS} s slices, ${RATIO_CONNECTIONS} connections renewed every ${RENEW_EVERY} requests; ` +
      `${os.cpus().length} cores shared with anything else running)`,
  );
  const ratios = [];
  const mixed = [];
  const devPort = freePort();
  // As `npm start` runs it: development, PGlite, in-memory state, the readable log at info.
  const dev = await startKezhan(
    devPort,
    {
      KEZHAN_DEV: '1',
      NODE_ENV: undefined,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      LOG_LEVEL: undefined,
      LOG_FORMAT: undefined,
    },
    'development',
  );
  const devBase = `http://127.0.0.1:${devPort}`;
  let production;
  let productionBase;
  try {
    ratios.push(await configRatio(autocannon, dev, devBase, 'development (npm start, PGlite)'));
    if (process.env.DATABASE_URL) {
      const port = freePort();
      production = await startProduction(port, process.env.DATABASE_URL);
      productionBase = `http://127.0.0.1:${port}`;
      ratios.push(
        await configRatio(autocannon, production, productionBase, 'production (PostgreSQL + Redis)'),
      );
    } else {
      console.log('production (PostgreSQL + Redis): skipped (needs DATABASE_URL and REDIS_URL)');
    }
    if (process.env.BENCH_API_RATIO_ONLY === '1') return missedGoals(ratios, mixed);
    console.log(
      `\n== API mixed workload: a signed-in member's config, course list, course detail, member detail and progress record ` +
        `(autocannon, ${MIXED_CONNECTIONS} connections, ${MIXED_SECONDS} s)`,
    );
    mixed.push(await mixedWorkload(autocannon, devBase, 'development, PGlite'));
    if (productionBase)
      mixed.push(await mixedWorkload(autocannon, productionBase, 'production, PostgreSQL + Redis'));
    console.log('\n== Protected video (development, PGlite)');
    await mediaThroughput(autocannon, devBase);
  } finally {
    await dev.stop();
    await production?.stop();
  }
  return missedGoals(ratios, mixed);
}

const missedGoals = (ratios, mixed) => [
  ...ratios.filter((r) => r.ratio < RATIO_GOAL).map((r) => `config ratio ${r.label}`),
  ...mixed.filter((m) => m.failures > 0).map((m) => `mixed workload ${m.label}`),
];
