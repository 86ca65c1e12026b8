// The learners part of `npm run bench` (BENCH_ONLY=learners; needs DATABASE_URL, and Redis at
// REDIS_URL or 127.0.0.1:6379): 1,000 simulated learners against two production API nodes on one
// PostgreSQL database and one Redis, as a school behind a load balancer runs them.
//
// Every learner signs in with its password first (a few at a time, timed apart), then arrives
// during the first minute (or fifth of the run) and browses (configuration, course list, a course, its profile), then plays a free lesson as the h5's
// player does (play info, master and media playlists, the key, a segment) and, every 10 s while
// it watches, records its progress and fetches the next segment; after 1–3 minutes it browses
// again and plays another lesson. Every request goes to one of the two nodes in turn, so sessions,
// media grants and rate limits are shared through the database and Redis. The learners sit in
// classrooms of 20 behind one public address (X-Forwarded-For through TRUST_PROXY): the default
// rate limits stay on and are part of what is measured.
//
// Reported: requests per second, p50 / p99 per kind and overall, every failure (HTTP status other
// than 200, an envelope code other than 0, a network error or 15 s without an answer, as the h5
// gives up), the CPU time of each node and the machine's load average. Goal: 0 failures, p99 ≤ 300 ms.
// BENCH_LEARNERS (1000) and BENCH_LEARNERS_SECONDS (300) make a shorter or smaller run for trying.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { productionSecrets, startKezhan } from './bench-api.mjs';
import { dropPostgresDatabase, freshPostgresDatabase } from './bench-databases.mjs';

const LEARNERS = Number(process.env.BENCH_LEARNERS || 1000);
const SECONDS = Number(process.env.BENCH_LEARNERS_SECONDS || 300);
const CLASSROOM = 20;
const RECORD_EVERY_MS = 10_000;
const TIMEOUT_MS = 15_000;
const P99_GOAL_MS = 300;
const PASSWORD = 'bench-learner-1';
const CLOCK_TICKS = 100;
const SIGN_IN_CONCURRENCY = 8;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low, high) => low + Math.random() * (high - low);

/**
 * The stored form of `hashPassword` (shared/auth/passwords.ts), one hash for every learner, at a
 * sixteenth of its cost (N = 1024; the cost is read from the hash): the same login code, but 1,000
 * sign-ins before the run take seconds instead of minutes of scrypt on a shared machine.
 */
const LEARNER_SCRYPT_N = 1024;
function scryptHash(password) {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: LEARNER_SCRYPT_N, r: 8, p: 1 });
  return ['scrypt', LEARNER_SCRYPT_N, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

class Tally {
  byKind = new Map();
  failures = [];
  count = 0;

  add(kind, ms) {
    if (!this.byKind.has(kind)) this.byKind.set(kind, []);
    this.byKind.get(kind).push(ms);
    this.count += 1;
  }

  fail(kind, what) {
    this.failures.push({ kind, what });
  }
}

/** The two nodes in turn, like a load balancer; answers a learner's requests as the h5 makes them. */
function client(bases, tally, address, state) {
  let turn = Math.floor(Math.random() * bases.length);
  const nextBase = () => bases[(turn += 1) % bases.length];
  /** An absolute address of a node's answer, sent to whichever node is next. */
  const onNode = (url) => {
    const parsed = new URL(url, bases[0]);
    return `${nextBase()}${parsed.pathname}${parsed.search}`;
  };
  return async function request(kind, url, { method = 'GET', body, json = true } = {}) {
    const started = performance.now();
    try {
      const response = await fetch(url.startsWith('http') ? onNode(url) : `${nextBase()}${url}`, {
        method,
        headers: {
          'x-forwarded-for': address,
          ...(state.token ? { authorization: `Bearer ${state.token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const payload = json ? await response.text() : await response.arrayBuffer();
      tally.add(kind, performance.now() - started);
      if (response.status !== 200) {
        tally.fail(kind, `HTTP ${response.status} ${json ? payload.slice(0, 120) : ''}`);
        return null;
      }
      if (!json) return payload;
      if (!url.includes('/media/')) {
        const envelope = JSON.parse(payload);
        if (envelope.code !== 0) {
          tally.fail(kind, `code ${envelope.code} ${envelope.message}`);
          return null;
        }
        return envelope.data;
      }
      return payload;
    } catch (error) {
      tally.add(kind, performance.now() - started);
      tally.fail(kind, String(error.cause?.code ?? error.name ?? error));
      return null;
    }
  };
}

const uris = (playlist) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/** The classroom's public address: 20 learners behind each. */
function addressOf(index) {
  const classroom = Math.floor(index / CLASSROOM);
  return `10.${20 + Math.floor(classroom / 250)}.${classroom % 250}.1`;
}

/**
 * Every learner signs in with its password before the run, a few at a time: a school's learners
 * stay signed in for weeks, so a password check per learner is not what the minutes of learning
 * are made of. Timed and reported apart (at the learners' cheaper scrypt cost, see scryptHash).
 */
async function signInAll(bases, tally) {
  const tokens = new Array(LEARNERS).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < LEARNERS) {
      const index = next++;
      const state = { token: null };
      const request = client(bases, tally, addressOf(index), state);
      const login = await request('login', '/api/v2/login/password', {
        method: 'POST',
        body: { mobile: `166${String(index).padStart(8, '0')}`, password: PASSWORD },
      });
      tokens[index] = login?.token ?? null;
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return tokens;
}

/** One learner from arrival to the end of the run. */
async function learner(index, token, bases, lessons, endAt, rampMs, tally) {
  if (!token) return;
  await sleep(between(0, rampMs));
  const state = { token };
  const request = client(bases, tally, addressOf(index), state);
  while (Date.now() < endAt) {
    // Browsing: what the h5 asks for on the home page, the course list and a course.
    const lesson = lessons[Math.floor(Math.random() * lessons.length)];
    await request('config', '/api/v2/other/config');
    await request('courses', '/api/v2/courses?page=1&page_size=16');
    await sleep(between(1000, 3000));
    await request('course', `/api/v2/course/${lesson.courseId}`);
    await request('member', '/api/v2/member/detail');
    await sleep(between(1000, 3000));
    if (Date.now() >= endAt) return;
    // Playing, as hls.js does: the master playlist, the media playlist, its key, then segments.
    const play = await request('playinfo', `/api/v2/video/${lesson.lessonId}/playinfo`);
    if (!play) continue;
    const master = await request('playlist', play.urls[0].url);
    if (!master) continue;
    const mediaUrl = new URL(uris(master)[0], play.urls[0].url).toString();
    const media = await request('playlist', mediaUrl);
    if (!media) continue;
    const keyUri = /URI="([^"]+)"/.exec(media)?.[1];
    if (keyUri) await request('key', new URL(keyUri, mediaUrl).toString(), { json: false });
    const segments = uris(media).map((uri) => new URL(uri, mediaUrl).toString());
    const watchUntil = Math.min(endAt, Date.now() + between(60_000, 180_000));
    let position = 0;
    for (let i = 0; Date.now() < watchUntil; i += 1) {
      await request('segment', segments[i % segments.length], { json: false });
      await sleep(RECORD_EVERY_MS);
      position += RECORD_EVERY_MS / 1000;
      if (Date.now() >= endAt) return;
      await request('record', `/api/v2/video/${lesson.lessonId}/record`, {
        method: 'POST',
        body: { duration: position },
      });
    }
  }
}

/** The free lessons of the demo catalogue: what any signed-in learner may play. */
async function freeLessons(base) {
  const courses = await (await fetch(`${base}/api/v2/courses?page_size=50`)).json();
  const lessons = [];
  for (const course of courses.data.data) {
    const detail = await (await fetch(`${base}/api/v2/course/${course.id}`)).json();
    for (const video of Object.values(detail.data.videos).flat())
      if (video.is_free === 1) lessons.push({ courseId: course.id, lessonId: video.id });
  }
  if (lessons.length === 0) throw new Error('the demo catalogue has no free lesson');
  return lessons;
}

async function addLearners(databaseUrl) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into users (mobile, nick_name, password, created_at)
       select '166' || lpad(n::text, 8, '0'), '压测学员' || n, $1, now() from generate_series(0, $2 - 1) as n`,
      [scryptHash(PASSWORD), LEARNERS],
    );
  } finally {
    await db.end();
  }
}

function report(tally, seconds, nodes, loads) {
  const all = [...tally.byKind.values()].flat().sort((a, b) => a - b);
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `${'request'.padEnd(10)} ${'count'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`,
  );
  for (const [kind, values] of tally.byKind) {
    values.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(10)} ${String(values.length).padStart(8)} ${ms(percentile(values, 50)).padStart(8)} ${ms(percentile(values, 99)).padStart(8)} ${ms(values.at(-1)).padStart(8)}`,
    );
  }
  const p50 = percentile(all, 50);
  const p99 = percentile(all, 99);
  console.log(
    `${'all'.padEnd(10)} ${String(all.length).padStart(8)} ${ms(p50).padStart(8)} ${ms(p99).padStart(8)} ${ms(all.at(-1) ?? 0).padStart(8)}`,
  );
  console.log(`throughput: ${(all.length / seconds).toFixed(1)} requests/s over ${seconds} s`);
  const nodeCpu = nodes.reduce((sum, node) => sum + node.cpu, 0);
  if (all.length > 0)
    console.log(
      `API CPU per request (both nodes): ${((nodeCpu * 1000) / all.length).toFixed(2)} ms, i.e. about ` +
        `${Math.round(all.length / nodeCpu)} requests/s per core fully used (PostgreSQL and Redis not included)`,
    );
  for (const node of nodes)
    console.log(
      `${node.label}: ${node.cpu.toFixed(1)} s CPU (${((node.cpu / seconds) * 100).toFixed(0)} % of one core)`,
    );
  console.log(
    `load average (1 min) before / at the end: ${loads.before} / ${loads.after} (${os.cpus().length} cores)`,
  );
  const kinds = new Map();
  for (const failure of tally.failures)
    kinds.set(`${failure.kind}: ${failure.what}`, (kinds.get(`${failure.kind}: ${failure.what}`) ?? 0) + 1);
  if (tally.failures.length === 0) console.log('failures: 0');
  else {
    console.log(`failures: ${tally.failures.length}`);
    for (const [what, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`  ${n} × ${what}`);
  }
  const misses = [];
  if (tally.failures.length > 0) misses.push(`learners: ${tally.failures.length} failed requests`);
  if (p99 > P99_GOAL_MS) misses.push(`learners: p99 ${Math.round(p99)} ms > ${P99_GOAL_MS} ms`);
  console.log(misses.length === 0 ? `✓ 0 failures, p99 ≤ ${P99_GOAL_MS} ms` : `✗ ${misses.join('; ')}`);
  return misses;
}

/** The whole part; returns what missed its goal. */
export async function learnersBench() {
  console.log(
    `\n== Learners: ${LEARNERS} simulated learners for ${SECONDS} s against two production nodes (PostgreSQL + Redis)`,
  );
  if (!process.env.DATABASE_URL) {
    console.log('skipped (needs DATABASE_URL, a PostgreSQL server, and Redis)');
    return [];
  }
  const databaseName = `kezhan_bench_${process.pid}_learners`;
  const databaseUrl = await freshPostgresDatabase(process.env.DATABASE_URL, databaseName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-learners-'));
  const shared = {
    ...productionSecrets(),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `kezhan-bench-${process.pid}-learners:`,
    // One media volume for both nodes, as nodes behind one load balancer share it.
    DATA_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    // The default budgets: counted, and a classroom must not reach them.
    RATE_LIMIT_PER_MINUTE: undefined,
    RATE_LIMIT_MEMBER_PER_MINUTE: undefined,
    RATE_LIMIT_BOOT_PER_MINUTE: undefined,
    RATE_LIMIT_CONSOLE_PER_MINUTE: undefined,
    RATE_LIMIT_MEDIA_PER_MINUTE: undefined,
  };
  const ports = [18300 + Math.floor(Math.random() * 700), 19000 + Math.floor(Math.random() * 700)];
  const nodes = [];
  try {
    // A development node migrates the database and seeds the demo catalogue and its video.
    const seeder = await startKezhan(ports[0], { ...shared, KEZHAN_DEV: '1', NODE_ENV: undefined }, 'seed');
    await seeder.stop();
    await addLearners(databaseUrl);
    for (const [i, port] of ports.entries()) {
      nodes.push(
        await startKezhan(
          port,
          {
            ...shared,
            APP_URL: `http://127.0.0.1:${ports[0]}`,
            NODE_ENV: 'production',
            KEZHAN_DEV: undefined,
            SOCIAL_DRIVER: 'real',
            FACEID_DRIVER: 'real',
            SMS_DRIVER: 'aliyun',
            LOG_LEVEL: 'warn',
            LOG_FORMAT: undefined,
          },
          `node ${i + 1}`,
        ),
      );
    }
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const lessons = await freeLessons(bases[0]);
    const logins = new Tally();
    const signInStarted = Date.now();
    const tokens = await signInAll(bases, logins);
    const signInSeconds = (Date.now() - signInStarted) / 1000;
    const loginTimes = logins.byKind.get('login').sort((a, b) => a - b);
    console.log(
      `signed in ${tokens.filter(Boolean).length} of ${LEARNERS} learners in ${signInSeconds.toFixed(0)} s ` +
        `(${SIGN_IN_CONCURRENCY} at a time; p50 ${Math.round(percentile(loginTimes, 50))} ms, p99 ${Math.round(percentile(loginTimes, 99))} ms)`,
    );
    const tally = new Tally();
    tally.failures.push(...logins.failures);
    const loads = { before: os.loadavg()[0].toFixed(2) };
    const cpuBefore = nodes.map((node) => cpuSeconds(node.pid) ?? 0);
    const started = Date.now();
    const endAt = started + SECONDS * 1000;
    const rampMs = Math.min(60_000, (SECONDS * 1000) / 5);
    const progress = setInterval(() => {
      const elapsed = Math.round((Date.now() - started) / 1000);
      console.log(
        `  ${elapsed} s: ${tally.count} requests, ${tally.failures.length} failures, load ${os.loadavg()[0].toFixed(2)}`,
      );
    }, 30_000);
    await Promise.all(
      tokens.map((token, index) => learner(index, token, bases, lessons, endAt, rampMs, tally)),
    );
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;
    loads.after = os.loadavg()[0].toFixed(2);
    const measured = nodes.map((node, i) => ({
      label: node.label,
      cpu: (cpuSeconds(node.pid) ?? 0) - cpuBefore[i],
    }));
    return report(tally, Math.round(seconds), measured, loads);
  } finally {
    for (const node of nodes) await node.stop();
    await dropPostgresDatabase(process.env.DATABASE_URL, databaseName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
