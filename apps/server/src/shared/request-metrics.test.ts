import { describe, expect, it } from 'vitest';
import { RequestTable } from './request-metrics';

describe('RequestTable', () => {
  it('counts answers per method, route and status into cumulative latency buckets', async () => {
    const table = new RequestTable();
    const course = table.recorder('/api/v2/course/:id');
    course('GET', 200, 0.005);
    course('GET', 200, 0.2);
    course('GET', 200, 12);
    course('HEAD', 200, 0.001);
    table.recorder('/api/v2/course/:id')('GET', 500, 0.03);
    const [counter, histogram] = table.metrics();
    const counts = (await counter.get()).values;
    expect(counts).toEqual([
      { labels: { method: 'GET', route: '/api/v2/course/:id', status: '200' }, value: 3 },
      { labels: { method: 'HEAD', route: '/api/v2/course/:id', status: '200' }, value: 1 },
      { labels: { method: 'GET', route: '/api/v2/course/:id', status: '500' }, value: 1 },
    ]);
    const lines = (await histogram.get()).values.filter(
      (line) => line.labels.status === '200' && line.labels.method === 'GET',
    );
    const bucket = (le: number | string) =>
      lines.find((line) => line.metricName?.endsWith('_bucket') && line.labels.le === le)?.value;
    // A bound holds the answers that took at most that long.
    expect(bucket(0.005)).toBe(1);
    expect(bucket(0.1)).toBe(1);
    expect(bucket(0.25)).toBe(2);
    expect(bucket(10)).toBe(2);
    expect(bucket('+Inf')).toBe(3);
    expect(lines.find((line) => line.metricName?.endsWith('_sum'))?.value).toBeCloseTo(12.205);
    expect(lines.find((line) => line.metricName?.endsWith('_count'))?.value).toBe(3);
    histogram.reset();
    expect((await counter.get()).values.every((line) => line.value === 0)).toBe(true);
  });
});
