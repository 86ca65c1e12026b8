/**
 * The HTTP request metrics, counted in plain numbers: `kezhan_http_requests_total` and the
 * `kezhan_http_request_duration_seconds` histogram, by method, route pattern and status. Each
 * route gets its recorder once; recording finds its series with two small Map lookups and adds
 * to numbers. The metrics render the same exposition lines prom-client's Counter and Histogram
 * would (the registry asks each metric for its values with `get()`).
 */

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  readonly labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative; the last one counts those above every bound. */
  readonly buckets: number[];
}

type Recorder = (method: string, status: number, seconds: number) => void;

/** A value line as prom-client's registry formats it. */
interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Sample[] }>;
  reset(): void;
}

export class RequestTable {
  private readonly series: Series[] = [];
  private readonly recorders = new Map<string, Recorder>();

  /** The recorder of one route pattern, made on first use. */
  recorder(route: string): Recorder {
    let recorder = this.recorders.get(route);
    if (!recorder) {
      recorder = this.makeRecorder(route);
      this.recorders.set(route, recorder);
    }
    return recorder;
  }

  private makeRecorder(route: string): Recorder {
    const byMethod = new Map<string, Map<number, Series>>();
    return (method, status, seconds) => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let series = byStatus.get(status);
      if (!series) {
        series = {
          labels: { method, route, status: String(status) },
          count: 0,
          sum: 0,
          buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        };
        byStatus.set(status, series);
        this.series.push(series);
      }
      series.count += 1;
      series.sum += seconds;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
      series.buckets[bucket] += 1;
    };
  }

  private reset(): void {
    for (const series of this.series) {
      series.count = 0;
      series.sum = 0;
      series.buckets.fill(0);
    }
  }

  /** The counter and the histogram, for a prom-client registry. */
  metrics(): CollectedMetric[] {
    const metric = (
      name: string,
      help: string,
      type: CollectedMetric['type'],
      values: () => Sample[],
    ): CollectedMetric => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => this.reset(),
    });
    const durationName = 'kezhan_http_request_duration_seconds';
    return [
      metric(
        'kezhan_http_requests_total',
        'HTTP requests answered, by method, route pattern and status code',
        'counter',
        () => this.series.map((series) => ({ labels: series.labels, value: series.count })),
      ),
      metric(
        durationName,
        'Time from receiving a request to sending its answer, by method, route pattern and status code',
        'histogram',
        () =>
          this.series.flatMap((series) => {
            let cumulative = 0;
            const lines: Sample[] = DURATION_BUCKETS.map((bound, index) => {
              cumulative += series.buckets[index];
              return {
                labels: { le: bound, ...series.labels },
                value: cumulative,
                metricName: `${durationName}_bucket`,
              };
            });
            lines.push(
              {
                labels: { le: '+Inf', ...series.labels },
                value: series.count,
                metricName: `${durationName}_bucket`,
              },
              { labels: series.labels, value: series.sum, metricName: `${durationName}_sum` },
              { labels: series.labels, value: series.count, metricName: `${durationName}_count` },
            );
            return lines;
          }),
      ),
    ];
  }
}
