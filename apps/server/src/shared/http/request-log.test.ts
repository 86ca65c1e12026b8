import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { lazyChildLogger } from './logging';

/** What a production node must be given (it refuses to start without). */
const PRODUCTION = {
  KEZHAN_DEV: '0',
  NODE_ENV: 'production',
  MEDIA_SIGNING_SECRET: 'media-signing-secret-for-tests-only-32+',
  MEDIA_KEY_SECRET: 'media-key-secret-for-tests-only-at-32+',
  SMS_DRIVER: 'aliyun',
  SOCIAL_DRIVER: 'real',
  FACEID_DRIVER: 'real',
};

/** A server's JSON log lines, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const requestLines = (lines: Record<string, unknown>[]) =>
  lines
    .filter((line) => line.msg === 'request completed')
    .map((line) => ({
      level: line.level,
      url: (line.req as { url: string }).url,
      status: (line.res as { statusCode: number }).statusCode,
    }));

describe('request log lines', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('in production: none for fast answers, one for a refused request, with its redacted address', async () => {
    const { lines, stream } = logSink();
    t = await createTestApp({
      env: { ...PRODUCTION, LOG_LEVEL: 'info' },
      withCaptchaTestCode: false,
      logStream: stream,
    });
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/v2/other/config' });
    await t.app.inject({ method: 'GET', url: '/api/v2/no-such-route?token=SECRET-1' });
    // A busy test machine may take a second over an answer: that one is logged as slow.
    const slow = (line: Record<string, unknown>) =>
      (line.res as { statusCode: number }).statusCode < 400 && Number(line.responseTime) >= 1000;
    const fast = lines.filter((line) => line.msg !== 'request completed' || !slow(line));
    expect(requestLines(fast)).toEqual([
      { level: 30, url: '/api/v2/no-such-route?token=[REDACTED]', status: 404 },
    ]);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('SECRET-1');
  });

  it('in production at LOG_LEVEL=debug: every request', async () => {
    const { lines, stream } = logSink();
    t = await createTestApp({
      env: { ...PRODUCTION, LOG_LEVEL: 'debug' },
      withCaptchaTestCode: false,
      logStream: stream,
    });
    await t.app.inject({ method: 'GET', url: '/api/v2/other/config' });
    expect(requestLines(lines)).toEqual([{ level: 20, url: '/api/v2/other/config', status: 200 }]);
  });

  it('in development: every request once', async () => {
    const { lines, stream } = logSink();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    await t.app.inject({ method: 'GET', url: '/api/v2/other/config' });
    await t.app.inject({ method: 'GET', url: '/api/v3/status' });
    expect(requestLines(lines)).toEqual([
      { level: 30, url: '/api/v2/other/config', status: 200 },
      { level: 30, url: '/api/v3/status', status: 200 },
    ]);
  });
});

describe("a request's logger", () => {
  it('is made only when it writes a line, carrying the request id', () => {
    const { lines, stream } = logSink();
    const parent = Fastify({ logger: { level: 'warn', stream } }).log;
    const child = vi.spyOn(parent, 'child');
    const quiet = lazyChildLogger(parent, { reqId: 'req-1' });
    quiet.info('not written');
    quiet.debug('not written');
    expect(child).not.toHaveBeenCalled();
    const loud = lazyChildLogger(parent, { reqId: 'req-2' });
    loud.warn({ detail: 1 }, 'written');
    loud.error('also written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, detail }) => ({ reqId, msg, detail }))).toEqual([
      { reqId: 'req-2', msg: 'written', detail: 1 },
      { reqId: 'req-2', msg: 'also written', detail: undefined },
    ]);
    expect(loud.level).toBe('warn');
  });
});
