import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../src/seed/demo-seed';
import { JOBS } from '../src/modules/registry';
import {
  freePort,
  REPO_ROOT,
  sleep,
  startNode,
  stopNode,
  waitReady,
  type ApiNode,
} from './support/server-process';

/**
 * A deployment as docs/deploy.md describes it, on loopback: two real API processes sharing one
 * PostgreSQL database and one Redis, behind nginx. Runs when DATABASE_URL and REDIS_URL are set
 * (CI: .ci/run), in the PostgreSQL pass of `npm test`.
 */
const enabled =
  Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) && process.env.TEST_DATABASE !== 'pglite';

const CAPTCHA = 'abcd';
const PURGE_JOB = JOBS.find((job) => job.name === 'purge-expired-records')!;

function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
}

/** nginx from Debian; installed here when missing and we are root (CI), else the test says how. */
function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { env, stdio: 'ignore' });
    if (install().status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
      install();
    }
    const installed = findNginx();
    if (installed) return installed;
  }
  throw new Error('The multi-node test needs nginx: sudo apt-get install -y nginx-light');
}

function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  const servers = upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root root;' : ''}
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream kezhan_api {
${servers}
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://kezhan_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

interface Answer<T = any> {
  status: number;
  upstream: string;
  body: { code: number; message: string; data: T } | undefined;
}

async function call<T = any>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; payload?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.payload !== undefined ? JSON.stringify(options.payload) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, upstream: response.headers.get('x-upstream') ?? '', body };
}

const jtiOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti;

describe.skipIf(!enabled)('two API nodes behind nginx (PostgreSQL + Redis)', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-multi-node-'));
  const databaseName = `kezhan_multinode_${randomBytes(4).toString('hex')}`;
  const redisPrefix = `kezhan-multinode:${randomBytes(4).toString('hex')}:`;
  let databaseUrl: string;
  let db: pg.Pool;
  let nodeEnv: Record<string, string>;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  let nginx: ChildProcess | undefined;
  let proxy: string;
  let testStartedAt: Date;

  beforeAll(async () => {
    testStartedAt = new Date();
    const nginxBinary = ensureNginx();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });

    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    nodeEnv = {
      NODE_ENV: 'test',
      KEZHAN_DEV: '1',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: redisPrefix,
      // Every node must sign and verify tokens with the same secret.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // …and wrap video keys with the same secret (the demo's keys are written by whichever node seeds).
      MEDIA_KEY_SECRET: randomBytes(32).toString('base64url'),
      CAPTCHA_TEST_CODE: CAPTCHA,
      JOBS_ENABLED: '1',
      JOB_INTERVALS: `${PURGE_JOB.name}=1`,
      // All test traffic comes from one address; the per-IP limit is not under test here.
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'error',
    };
    // Both nodes start at once on the empty database: migrations and the demo seed run once.
    nodeA = startNode('node A', portA, { ...nodeEnv, DATA_DIR: path.join(workDir, 'a') });
    nodeB = startNode('node B', portB, { ...nodeEnv, DATA_DIR: path.join(workDir, 'b') });
    await Promise.all([waitReady(nodeA), waitReady(nodeB)]);

    const nginxDir = path.join(workDir, 'nginx');
    fs.mkdirSync(nginxDir, { recursive: true });
    fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, proxyPort, [portA, portB]));
    nginx = spawn(
      nginxBinary,
      [
        '-p',
        nginxDir,
        '-c',
        path.join(nginxDir, 'nginx.conf'),
        '-e',
        path.join(nginxDir, 'error.log'),
        '-g',
        'daemon off;',
      ],
      {
        stdio: 'ignore',
      },
    );
    proxy = `http://127.0.0.1:${proxyPort}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await call(proxy, 'GET', '/healthz').catch(() => undefined);
      if (answer?.status === 200) break;
      if (Date.now() > deadline || nginx.exitCode !== null) {
        const log = fs.existsSync(path.join(nginxDir, 'error.log'))
          ? fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8')
          : '';
        throw new Error(`nginx did not start:\n${log}`);
      }
      await sleep(100);
    }
  }, 240_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    await Promise.all([stopNode(nodeA), stopNode(nodeB)]);
    await db?.end();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    const redis = new Redis(process.env.REDIS_URL!);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  const direct = (node: ApiNode) => `http://127.0.0.1:${node.port}`;
  const upstreamOf = (node: ApiNode) => `127.0.0.1:${node.port}`;

  it('ships a deploy/nginx.conf that nginx accepts', () => {
    const dir = path.join(workDir, 'nginx-check');
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
    const certificate = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=learn.example.com',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    expect(certificate.status, 'openssl is needed to make a test certificate').toBe(0);
    const site = fs
      .readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/learn.example.com/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/learn.example.com/privkey.pem', path.join(dir, 'key.pem'))
      .replaceAll('/etc/nginx/kezhan-proxy.conf', path.join(REPO_ROOT, 'deploy/kezhan-proxy.conf'));
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
    );
    const check = spawnSync(
      findNginx()!,
      ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')],
      {
        encoding: 'utf8',
      },
    );
    expect(check.stderr).toContain('test is successful');
  });

  it('ran the migrations once and seeded the demo once, with both nodes starting together', async () => {
    const { rows } = await db.query(
      'select name, count(*)::int as n from schema_migrations group by name having count(*) > 1',
    );
    expect(rows).toEqual([]);
    const members = await db.query('select count(*)::int as n from users where mobile = $1', [
      DEMO_MEMBER.mobile,
    ]);
    expect(members.rows[0].n).toBe(1);
  });

  it('lets a member log in through node A and continue through node B', async () => {
    const mobile = '13900002001';
    const captcha = await call<{ key: string }>(direct(nodeA), 'GET', '/api/v2/captcha/image');
    expect(captcha.body?.code).toBe(0);
    // The captcha answer lives in Redis: node B accepts the key node A issued.
    const sent = await call(direct(nodeB), 'POST', '/api/v2/captcha/sms', {
      payload: { mobile, image_key: captcha.body!.data.key, image_captcha: CAPTCHA, scene: 'login' },
    });
    expect(sent.body).toEqual({ code: 0, message: '', data: [] });
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i += 1) {
      const line = [...nodeA.output, ...nodeB.output].find((text) =>
        text.startsWith(`[sms] mobile=${mobile} scene=login`),
      );
      code = line ? /code=(\d{6})/.exec(line)?.[1] : undefined;
      if (!code) await sleep(100);
    }
    expect(code).toMatch(/^\d{6}$/);

    const login = await call<{ token: string }>(direct(nodeA), 'POST', '/api/v2/login/mobile', {
      payload: { mobile, mobile_code: code },
    });
    expect(login.body?.code).toBe(0);
    const token = login.body!.data.token;
    const detail = await call<{ mobile: string; id: number }>(direct(nodeB), 'GET', '/api/v2/member/detail', {
      token,
    });
    expect(detail.body?.code).toBe(0);
    expect(detail.body!.data.mobile).toBe(mobile);
    expect(typeof detail.body!.data.id).toBe('number');

    // Logging out on B ends the token on A too.
    expect((await call(direct(nodeB), 'POST', '/api/v2/logout', { token })).body?.code).toBe(0);
    expect((await call(direct(nodeA), 'GET', '/api/v2/member/detail', { token })).body).toMatchObject({
      code: 401,
    });
  });

  it('keeps serving through node B when node A is killed under traffic, losing no acknowledged write', async () => {
    interface Outcome {
      kind: 'login' | 'detail' | 'logout';
      startedAt: number;
      ok: boolean;
      status: number;
      upstream: string;
      token?: string;
    }
    const outcomes: Outcome[] = [];
    // From the SIGKILL until the kernel has reaped A, requests may still be handed to it.
    let deadAt = Number.POSITIVE_INFINITY;
    const WORKERS = 4;
    const CYCLES = 15;

    const record = async (kind: Outcome['kind'], work: () => Promise<Answer>, token?: string) => {
      const startedAt = Date.now();
      const answer = await work().catch(() => ({ status: 0, upstream: '', body: undefined }) as Answer);
      const outcome: Outcome = {
        kind,
        startedAt,
        ok: answer.status === 200 && answer.body?.code === 0,
        status: answer.status,
        upstream: answer.upstream,
        token: kind === 'login' ? answer.body?.data?.token : token,
      };
      outcomes.push(outcome);
      return { outcome, answer };
    };

    const worker = async () => {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        const { outcome: login } = await record('login', () =>
          call(proxy, 'POST', '/api/v2/login/password', {
            payload: { mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password },
          }),
        );
        if (!login.ok || !login.token) continue;
        const token = login.token;
        await record('detail', () => call(proxy, 'GET', '/api/v2/member/detail', { token }), token);
        await record('logout', () => call(proxy, 'POST', '/api/v2/logout', { token }), token);
      }
    };

    const killer = (async () => {
      // Kill A once a third of the traffic (3 requests a cycle) has been served, some of it by A.
      while (outcomes.length < WORKERS * CYCLES || !outcomes.some((o) => o.upstream === upstreamOf(nodeA))) {
        await sleep(5);
      }
      nodeA.process.kill('SIGKILL');
      await nodeA.exited;
      deadAt = Date.now();
    })();
    await Promise.all([...Array.from({ length: WORKERS }, worker), killer]);

    const before = outcomes.filter((o) => o.startedAt < deadAt);
    const after = outcomes.filter((o) => o.startedAt >= deadAt);
    expect(before.some((o) => o.upstream === upstreamOf(nodeA))).toBe(true);
    expect(after.length).toBeGreaterThan(WORKERS * CYCLES);
    // Every request sent once A was gone succeeded, served by B (possibly after nginx tried A).
    expect(after.filter((o) => !o.ok)).toEqual([]);
    expect(after.every((o) => o.upstream.endsWith(upstreamOf(nodeB)))).toBe(true);
    // Only a write in flight on A when it died may have failed (nginx does not replay a POST
    // that A may have applied): at most one per worker, answered 502 by nginx.
    const failed = before.filter((o) => !o.ok);
    expect(failed.length).toBeLessThanOrEqual(WORKERS);
    for (const failure of failed) {
      expect(failure).toMatchObject({ status: 502, upstream: upstreamOf(nodeA) });
      expect(failure.kind).not.toBe('detail');
    }

    // Nothing acknowledged is lost: each login's record exists, each logout's revocation holds.
    const logins = outcomes.filter((o) => o.kind === 'login' && o.ok);
    const logouts = outcomes.filter((o) => o.kind === 'logout' && o.ok);
    // At most one in-flight write per worker may have failed above, and it may have been a login.
    expect(logins.length).toBeGreaterThanOrEqual(WORKERS * CYCLES - WORKERS);
    const { rows } = await db.query<{ jti: string; revoked: boolean }>(
      'select jti, revoked_at is not null as revoked from user_login_records where jti = any($1)',
      [logins.map((o) => jtiOf(o.token!))],
    );
    const stored = new Map(rows.map((row) => [row.jti, row.revoked]));
    expect(logins.filter((o) => !stored.has(jtiOf(o.token!)))).toEqual([]);
    expect(logouts.filter((o) => stored.get(jtiOf(o.token!)) !== true)).toEqual([]);
    // And a logged-out token stays refused through the proxy.
    const revoked = await call(proxy, 'GET', '/api/v2/member/detail', { token: logouts.at(-1)!.token });
    expect(revoked.body).toMatchObject({ code: 401 });
  });

  it('lets a restarted node A rejoin: nginx sends requests to it again', async () => {
    expect(nodeA.process.signalCode).toBe('SIGKILL');
    nodeA = startNode('node A', nodeA.port, { ...nodeEnv, DATA_DIR: path.join(workDir, 'a') });
    await waitReady(nodeA);
    const login = await call<{ token: string }>(proxy, 'POST', '/api/v2/login/password', {
      payload: { mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password },
    });
    expect(login.body?.code).toBe(0);
    const seen = new Set<string>();
    const deadline = Date.now() + 15_000;
    // Round robin: both nodes answer once A is back (the first answer may come from either).
    while (!(seen.has(upstreamOf(nodeA)) && seen.has(upstreamOf(nodeB))) && Date.now() < deadline) {
      const answer = await call(proxy, 'GET', '/api/v2/member/detail', { token: login.body!.data.token });
      expect(answer.body?.code).toBe(0);
      seen.add(answer.upstream);
      await sleep(50);
    }
    expect(seen).toContain(upstreamOf(nodeA));
    expect(seen).toContain(upstreamOf(nodeB));
  });

  it('runs a job on one node at a time: no overlapping runs, one run per interval, and the lock is respected', async () => {
    const runsQuery = `select node, status, started_at, finished_at from job_runs where job = $1 order by started_at, id`;
    // Both nodes run the purge job every second; hold its advisory lock from here for a while.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('select pg_advisory_lock($1)', [PURGE_JOB.lockId]);
    const lockedAt = new Date();
    await sleep(2500);
    const releasedAt = new Date();
    await locker.query('select pg_advisory_unlock($1)', [PURGE_JOB.lockId]);
    await locker.end();
    await sleep(2500);

    const { rows } = await db.query<{
      node: string;
      status: string;
      started_at: Date;
      finished_at: Date | null;
    }>(runsQuery, [PURGE_JOB.name]);
    // While the test held the lock, no node started the job.
    expect(rows.filter((run) => run.started_at > lockedAt && run.started_at < releasedAt)).toEqual([]);
    // After it let go, the job ran again.
    expect(rows.filter((run) => run.started_at >= releasedAt).length).toBeGreaterThanOrEqual(1);
    // Runs never overlap (a run cut short by SIGKILL stays `running` and is left out).
    const finished = rows.filter((run) => run.finished_at !== null);
    for (let i = 1; i < finished.length; i += 1) {
      expect(finished[i].started_at.getTime()).toBeGreaterThanOrEqual(finished[i - 1].finished_at!.getTime());
    }
    expect(finished.every((run) => run.status === 'succeeded')).toBe(true);
    // With two nodes each ticking every second, the cluster still runs it about once a second.
    const elapsedSeconds = (Date.now() - testStartedAt.getTime()) / 1000;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(Math.ceil(elapsedSeconds / 0.8) + 2);
  });
});
