import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stoppedClock, usingPostgres, type TestApp } from '../../test/test-app';
import { JobScheduler } from '../kernel/scheduler';
import { JOBS } from '../modules/registry';

/** The value of one sample line, e.g. `name{a="b"} 3` → 3; undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('counts requests by method, route pattern and status, with a latency histogram', async () => {
    for (let i = 0; i < 3; i += 1) await t.request({ method: 'GET', url: '/api/v2/other/config' });
    const token = await t.loginBySms('13900000101');
    await t.request({ method: 'GET', url: '/api/v2/member/notificationMarkAsRead/12345', token });
    await t.request({ method: 'GET', url: '/api/v2/member/notificationMarkAsRead/67890', token });
    await t.request({ method: 'GET', url: '/api/v2/member/detail' });
    await t.request({ method: 'GET', url: '/api/v2/no/such/endpoint?x=1' });

    const text = await scrape();
    const config = 'method="GET",route="/api/v2/other/config",status="200"';
    expect(sample(text, `kezhan_http_requests_total{${config}}`)).toBe(3);
    expect(sample(text, `kezhan_http_request_duration_seconds_count{${config}}`)).toBe(3);
    expect(sample(text, `kezhan_http_request_duration_seconds_bucket{le="+Inf",${config}}`)).toBe(3);
    expect(sample(text, `kezhan_http_request_duration_seconds_bucket{le="10",${config}}`)).toBe(3);
    expect(text).toMatch(new RegExp(`kezhan_http_request_duration_seconds_sum\\{${config}\\} [0-9.e-]+`));
    // Raw ids never become labels: both calls count under the route pattern.
    expect(
      sample(
        text,
        'kezhan_http_requests_total{method="GET",route="/api/v2/member/notificationMarkAsRead/:id",status="200"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('12345');
    expect(
      sample(text, 'kezhan_http_requests_total{method="POST",route="/api/v2/login/mobile",status="200"}'),
    ).toBe(1);
    // A request without a token is still HTTP 200 (the envelope carries code 401).
    expect(
      sample(text, 'kezhan_http_requests_total{method="GET",route="/api/v2/member/detail",status="200"}'),
    ).toBe(1);
    // Unknown URLs share one label instead of one series per URL.
    expect(sample(text, 'kezhan_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('/api/v2/no/such/endpoint');
  });

  it('includes job runs and process figures, and the database pool on PostgreSQL', async () => {
    await new JobScheduler(t.services, { jobs: JOBS }).runNow('purge-expired-records');
    const text = await scrape();
    expect(sample(text, 'kezhan_job_runs_total{job="purge-expired-records",outcome="succeeded"}')).toBe(1);
    expect(text).toContain('# TYPE kezhan_job_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    if (usingPostgres) {
      expect(sample(text, 'kezhan_db_pool_max_connections')).toBe(10);
      expect(sample(text, 'kezhan_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'kezhan_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'kezhan_db_pool_waiting_queries')).toBe(0);
    } else {
      // PGlite is one in-process connection: no pool to report.
      expect(text).not.toContain('kezhan_db_pool_');
    }
  });

  it('is not cached, and probes are not rate limited', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['cache-control']).toBe('no-store');
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' }, now: stoppedClock() });
    try {
      for (let i = 0; i < 4; i += 1) {
        for (const url of ['/metrics', '/healthz', '/readyz']) {
          expect((await limited.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(429);
        }
      }
      const api = [];
      for (let i = 0; i < 3; i += 1)
        api.push(await limited.request({ method: 'GET', url: '/api/v3/status' }));
      expect(api.map((answer) => answer.code)).toEqual([0, 0, 429]);
    } finally {
      await limited.close();
    }
  });
});
