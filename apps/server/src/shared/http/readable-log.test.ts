import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readEnv } from '../../config/env';
import { formatLogLine, readableLogStream } from './readable-log';

describe('log format', () => {
  it('is readable in development and JSON in production unless LOG_FORMAT says otherwise', () => {
    expect(readEnv({ KEZHAN_DEV: '1' }).logFormat).toBe('readable');
    expect(readEnv({}).logFormat).toBe('json');
    expect(readEnv({ KEZHAN_DEV: '1', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => readEnv({ LOG_FORMAT: 'pretty' })).toThrow('LOG_FORMAT must be json or readable');
  });

  it('prints a request line as time, level, message, method, address, status and duration', () => {
    const time = new Date(2026, 0, 2, 9, 5, 7).getTime();
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        res: { statusCode: 200 },
        req: { method: 'GET', url: '/api/v2/other/config' },
        responseTime: 3.4,
        msg: 'request completed',
      }),
    );
    expect(line).toBe('09:05:07 INFO  request completed GET /api/v2/other/config → 200 (3 ms) [req-1]');
  });

  it('adds other fields as key=value and an error stack on the next lines', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'job failed',
        job: 'expire-unpaid-orders',
        detail: { tries: 2 },
        err: { message: 'boom', stack: 'Error: boom\n    at job.ts:1' },
      }),
    );
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d ERROR job failed job=expire-unpaid-orders detail=\{"tries":2\}\nError: boom\n {4}at job\.ts:1$/,
    );
    expect(formatLogLine('not json')).toBe('not json');
  });
});

describe('readable logs of a running server', () => {
  let t: TestApp;
  const out: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: readableLogStream(sink) });
  });
  afterAll(() => t.close());

  it('shows each request on a readable line, credentials still redacted', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/member/detail?token=QUERY-SECRET-1&page=1',
      headers: { authorization: 'Bearer HEADER-SECRET-2' },
    });
    const log = out.join('');
    expect(log).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}GET \/api\/v2\/member\/detail\?token=\[REDACTED\]&page=1 → 200 \(\d+ ms\) \[[\w-]+\]$/m,
    );
    expect(log).not.toContain('{"level"');
    expect(log).not.toContain('incoming request');
    expect(log).not.toContain('QUERY-SECRET');
    expect(log).not.toContain('HEADER-SECRET');
  });
});
