import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/test-app';
import { RedisStore } from '../../shared/store/redis-store';
import { checkReadiness } from './health';

describe('GET /healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers 200 {status: ok} and echoes the request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'probe-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBe('probe-1');
  });

  it('/readyz answers 200 when the database (and Redis, when configured) answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: usingPostgres ? 'ok' : 'not used' },
    });
  });

  it('/readyz answers 503 with the reason once the database is closed', async () => {
    const node = await createTestApp();
    try {
      await node.services.database.close();
      const response = await node.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.status).toBe('unavailable');
      expect(body.checks.database).toMatch(/^error: /);
      // Liveness is about the process, not its dependencies.
      expect((await node.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // Already closed: let the helper release the rest (Redis keys, the test database).
      node.services.database.close = async () => undefined;
      await node.close();
    }
  });

  it('reports Redis unreachable as not ready', async () => {
    const redis = new Redis('redis://127.0.0.1:9', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const readiness = await checkReadiness({ db: t.services.db, store: new RedisStore(redis, 'x:') }, 1000);
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.database).toBe('ok');
    expect(readiness.checks.redis).toMatch(/^error: /);
    redis.disconnect();
  });

  it('gives up on a dependency that does not answer in time', async () => {
    const silent = { ping: () => new Promise(() => undefined) } as unknown as Redis;
    const readiness = await checkReadiness({ db: t.services.db, store: new RedisStore(silent, 'x:') }, 50);
    expect(readiness).toEqual({
      ready: false,
      checks: { database: 'ok', redis: 'error: no answer within 50 ms' },
    });
  });
});
