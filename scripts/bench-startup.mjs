// The start-up part of `npm run bench` (BENCH_ONLY=startup): for one API node in production, the
// time from spawning it to its first healthy answer (GET /readyz → 200) and its resident memory
// once idle, for the compiled server (apps/server/dist/main.js, what production runs) against the
// same code through tsx (what development runs). On PostgreSQL + Redis when DATABASE_URL is set
// (goals: ready ≤ 3 s, idle ≤ 200 MB, compiled server), else on PGlite (figures only: PGlite is a
// whole PostgreSQL compiled to WebAssembly inside the process).
//
// The compiled node first starts once on a fresh database, which it migrates; then each variant
// restarts STARTUP_RUNS (3) times on it, in turns, as a deploy or a crash restarts a node. The
// start-up goal is checked on the CPU time the node used until ready: the wall time on a shared
// machine says more about the other processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropPostgresDatabase, freshPostgresDatabase } from './bench-databases.mjs';
import { median, root, SERVER_BUNDLE } from './lib.mjs';

const RUNS = Number(process.env.STARTUP_RUNS || 3);
/** How long a node sits without traffic before its memory is read. */
const IDLE_SECONDS = Number(process.env.STARTUP_IDLE_SECONDS || 5);
const READY_GOAL_MS = 3000;
const RSS_GOAL_MB = 200;

const VARIANTS = [
  { label: 'compiled (node apps/server/dist/main.js)', args: [SERVER_BUNDLE], goals: true },
  {
    label: 'tsx (node --import tsx apps/server/src/main.ts)',
    args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc. */
function cpuMilliseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident memory of a process in MB, from /proc (Linux). */
function residentMegabytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/**
 * Spawns a node and polls /readyz until it answers 200: the milliseconds from spawn, the CPU time
 * the node used until then (which a busy machine does not inflate), and the process.
 */
async function startMeasured(args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${errors}`);
    try {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/readyz`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.status === 200)
        return { readyMs: performance.now() - started, cpuMs: cpuMilliseconds(child.pid), child };
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within 60 s:\n${errors}`);
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * Every variant starts RUNS times, in turns (compiled, tsx, compiled, …) so a busy machine slows
 * both alike; the medians of each.
 */
async function measureInTurns(env) {
  const samples = VARIANTS.map(() => ({ ready: [], cpu: [], resident: [] }));
  for (let run = 0; run < RUNS; run++) {
    for (const [index, variant] of VARIANTS.entries()) {
      const { readyMs, cpuMs, child } = await startMeasured(variant.args, env);
      await sleep(IDLE_SECONDS * 1000);
      samples[index].resident.push(residentMegabytes(child.pid));
      samples[index].ready.push(readyMs);
      samples[index].cpu.push(cpuMs);
      await stop(child);
    }
  }
  return samples.map(({ ready, cpu, resident }) => ({
    ready: median(ready),
    cpu: median(cpu),
    resident: median(resident),
  }));
}

/** Start-up time and idle memory of both variants; returns what missed its goal. */
export async function startupBench() {
  const postgres = Boolean(process.env.DATABASE_URL);
  const where = postgres ? 'PostgreSQL + Redis' : 'PGlite, state in memory';
  console.log(
    `\n== Start-up: spawn → first GET /readyz 200 (and the node's CPU time until then), resident memory after ` +
      `${IDLE_SECONDS} s idle (production, ${where}; median of ${RUNS} restarts each, in turns, after a first ` +
      `start that migrates; ${os.cpus().length} cores shared with anything else running)`,
  );
  const secret = () => randomBytes(32).toString('base64url');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-startup-'));
  const databaseName = `kezhan_bench_startup_${process.pid}`;
  const database = postgres
    ? {
        DATABASE_URL: await freshPostgresDatabase(process.env.DATABASE_URL, databaseName),
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `kezhan-bench-startup-${process.pid}:`,
      }
    : { DATABASE_URL: '', REDIS_URL: '' };
  const { KEZHAN_DEV: _dev, LOG_FORMAT: _format, ...inherited } = process.env;
  const env = {
    ...inherited,
    ...database,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(18300 + Math.floor(Math.random() * 1500)),
    DATA_DIR: dataDir,
    JWT_SECRET: secret(),
    MEDIA_SIGNING_SECRET: secret(),
    MEDIA_KEY_SECRET: secret(),
    SMS_DRIVER: 'aliyun',
    SOCIAL_DRIVER: 'real',
    FACEID_DRIVER: 'real',
    LOG_LEVEL: 'warn',
  };
  const misses = [];
  try {
    const first = await startMeasured(VARIANTS[0].args, env);
    await stop(first.child);
    console.log(
      `first start of the compiled server, migrating an empty database: ${(first.readyMs / 1000).toFixed(1)} s`,
    );
    const results = await measureInTurns(env);
    for (const [index, variant] of VARIANTS.entries()) {
      const { ready, cpu, resident } = results[index];
      // The wall time depends on what else the machine runs; the CPU time the node needs does not.
      const slow = variant.goals && postgres && cpu > READY_GOAL_MS;
      const heavy = variant.goals && postgres && resident > RSS_GOAL_MB;
      console.log(
        `${variant.label.padEnd(50)} ready ${(ready / 1000).toFixed(2)} s (CPU ${(cpu / 1000).toFixed(2)} s)` +
          `${slow ? '  ✗ over 3 s' : ''}, idle ${resident.toFixed(0)} MB resident${heavy ? '  ✗ over 200 MB' : ''}`,
      );
      if (slow) misses.push('start-up time');
      if (heavy) misses.push('idle memory');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await dropPostgresDatabase(process.env.DATABASE_URL, databaseName);
  }
  if (postgres)
    console.log(
      `goals for the compiled server: ready ≤ ${READY_GOAL_MS / 1000} s of CPU time (the wall time on an idle machine), ` +
        `idle ≤ ${RSS_GOAL_MB} MB`,
    );
  return misses;
}
