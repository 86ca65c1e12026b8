import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readEnv } from '../../config/env';
import { formatLogLine, readableLogStream, REQUEST_LINES_DELAY_MS } from './readable-log';

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

describe('writing the readable log', () => {
  afterEach(() => vi.useRealTimers());

  const capture = () => {
    const writes: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        writes.push(String(chunk));
        done();
      },
    });
    return { writes, log: readableLogStream(sink) };
  };

  it('writes a line at once when idle, and holds request lines a moment under load', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 27, 12, 5, 9) });
    const { writes, log } = capture();
    log.request('GET', '/api/v2/other/config', 200, 1, 'req-1');
    expect(writes).toEqual(['12:05:09 INFO  GET /api/v2/other/config → 200 (1 ms) [req-1]\n']);
    log.request('GET', '/api/v2/courses', 200, 2, 'req-2');
    log.request('GET', '/api/v2/navs', 200, 3, 'req-3');
    vi.advanceTimersByTime(REQUEST_LINES_DELAY_MS - 1);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // The held lines go out together, in one write.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(
      '12:05:09 INFO  GET /api/v2/courses → 200 (2 ms) [req-2]\n' +
        '12:05:09 INFO  GET /api/v2/navs → 200 (3 ms) [req-3]\n',
    );
    // A quiet moment ends the hold: the next line is written at once again, with its own time.
    vi.advanceTimersByTime(REQUEST_LINES_DELAY_MS + 1000);
    log.request('POST', '/api/v2/login/password', 200, 4, 'req-4');
    expect(writes[2]).toBe('12:05:10 INFO  POST /api/v2/login/password → 200 (4 ms) [req-4]\n');
  });

  it('never holds a warning or an error: it goes out at once, after the request lines before it', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 27, 12, 5, 9) });
    const { writes, log } = capture();
    log.request('GET', '/api/v2/other/config', 200, 1, 'req-1');
    log.request('GET', '/api/v2/courses', 200, 2, 'req-2');
    log.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'unhandled error' })}\n`);
    expect(writes).toEqual([
      '12:05:09 INFO  GET /api/v2/other/config → 200 (1 ms) [req-1]\n',
      '12:05:09 INFO  GET /api/v2/courses → 200 (2 ms) [req-2]\n12:05:09 ERROR unhandled error\n',
    ]);
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
