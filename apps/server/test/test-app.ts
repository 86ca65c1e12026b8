import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '@kezhan/contract/envelope';
import { readEnv } from '../src/config/env';
import { createServices } from '../src/create-services';
import { buildApp } from '../src/app';
import { LogSmsSender } from '../src/providers/sms/log-sms-sender';
import { MemoryStore } from '../src/shared/store/memory-store';
import { RedisStore } from '../src/shared/store/redis-store';
import type { AppServices } from '../src/services';
import { releasePGlite, takePGlite } from './pglite-pool';
import { migratedPostgresTemplate } from './postgres-template';

/**
 * API tests run against PGlite in memory by default. With TEST_DATABASE=postgres they run
 * against a fresh database created on DATABASE_URL's server and against REDIS_URL.
 */
export const usingPostgres = process.env.TEST_DATABASE === 'postgres';

export const TEST_CAPTCHA = 'abcd';

/**
 * A clock stopped at the moment it is made. Per-minute budgets count in whole clock minutes, so a
 * test that counts requests up to a limit on the real clock fails whenever the minute turns in the
 * middle (a slow machine makes that likely); with this clock the minute never turns.
 */
export function stoppedClock(): () => Date {
  const at = Date.now();
  return () => new Date(at);
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /** Reuse another test app's database and Redis prefix (a second API node). */
  shareWith?: TestApp;
  withCaptchaTestCode?: boolean;
  /** Use the SMS driver the env selects (SMS_DRIVER) instead of capturing the log driver's lines. */
  smsFromEnv?: boolean;
  /** Turn the server's JSON logging on, written here. */
  logStream?: NodeJS.WritableStream;
  /** Serve the h5 (from env H5_DIST_DIR) and the console as the real server does. */
  serveH5?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  smsLines: string[];
  databaseUrl?: string;
  redisPrefix?: string;
  request<T = unknown>(
    options: InjectOptions & { token?: string },
  ): Promise<Envelope<T> & { statusCode: number }>;
  lastSmsCode(mobile: string, scene?: string): string;
  sendSms(mobile: string, scene?: string): Promise<string>;
  loginBySms(mobile: string): Promise<string>;
  /** Lifts the one-SMS-per-minute limit for a mobile (Redis time cannot be moved by a fake clock). */
  allowNextSms(mobile: string): Promise<void>;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `kezhan_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await migratedPostgresTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-test-'));
  let databaseUrl = options.shareWith?.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (usingPostgres && !databaseUrl) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const redisPrefix = options.shareWith?.redisPrefix ?? `kezhan-test:${randomBytes(6).toString('hex')}:`;
  const env = readEnv({
    NODE_ENV: 'test',
    KEZHAN_DEV: '1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    APP_URL: 'http://api.test',
    // Rate limits have their own tests; elsewhere one IP sends far more than a person would.
    RATE_LIMIT_PER_MINUTE: '0',
    ...(options.withCaptchaTestCode === false ? {} : { CAPTCHA_TEST_CODE: TEST_CAPTCHA }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(usingPostgres && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const smsLines: string[] = [];
  const clock = () => (options.now ? options.now() : new Date()).getTime();
  const store = env.redisUrl ? RedisStore.connect(env.redisUrl, redisPrefix) : new MemoryStore(clock);
  const pglite = databaseUrl ? undefined : await takePGlite();
  const services = await createServices(env, {
    store,
    sms: options.smsFromEnv ? undefined : new LogSmsSender((line) => smsLines.push(line)),
    now: options.now,
    database: pglite,
  });
  const app = await buildApp(services, {
    logger: false,
    logStream: options.logStream,
    serveH5: options.serveH5,
  });
  await app.ready();

  const testApp: TestApp = {
    app,
    services,
    smsLines,
    databaseUrl,
    redisPrefix,
    async request(injectOptions) {
      const { token, ...rest } = injectOptions;
      const response = await app.inject({
        ...rest,
        headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return { ...(response.json() as Envelope<never>), statusCode: response.statusCode };
    },
    lastSmsCode(mobile, scene) {
      for (let i = smsLines.length - 1; i >= 0; i -= 1) {
        const match = /^\[sms\] mobile=(\S+) scene=(\S+) code=(\d{6})$/.exec(smsLines[i]);
        if (match && match[1] === mobile && (!scene || match[2] === scene)) return match[3];
      }
      throw new Error(`No SMS sent to ${mobile}`);
    },
    async sendSms(mobile, scene = 'login') {
      const captcha = await testApp.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
      const sent = await testApp.request({
        method: 'POST',
        url: '/api/v2/captcha/sms',
        payload: { mobile, image_key: captcha.data.key, image_captcha: TEST_CAPTCHA, scene },
      });
      if (sent.code !== 0) throw new Error(`SMS not sent: ${sent.message}`);
      return testApp.lastSmsCode(mobile, scene);
    },
    async loginBySms(mobile) {
      const code = await testApp.sendSms(mobile, 'login');
      const login = await testApp.request<{ token: string }>({
        method: 'POST',
        url: '/api/v2/login/mobile',
        payload: { mobile, mobile_code: code },
      });
      if (login.code !== 0) throw new Error(`Login failed: ${login.message}`);
      return login.data.token;
    },
    async allowNextSms(mobile) {
      await store.delete(`sms:cooldown:${mobile}`);
    },
    async close() {
      await app.close();
      if (store instanceof RedisStore && !options.shareWith) {
        const keys = await store.redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await store.redis.del(...keys);
      }
      await services.store.close();
      if (pglite) await releasePGlite(pglite);
      else await services.database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
