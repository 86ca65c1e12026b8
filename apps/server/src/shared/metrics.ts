import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from './db/database';

type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;

export type JobOutcome = 'succeeded' | 'failed' | 'skipped';

/**
 * The Prometheus metrics of one API node, served at GET /metrics. Each node has its own registry
 * (not prom-client's global one), so several apps in one process — tests — never collide.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'kezhan_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'kezhan_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'kezhan_job_runs_total',
    help: 'Scheduled job attempts on this node: succeeded, failed, or skipped (another node holds or just ran it)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'kezhan_job_duration_seconds',
    help: 'Duration of scheduled job runs on this node',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });

  readonly jobLastSuccess = new Gauge({
    name: 'kezhan_job_last_success_timestamp_seconds',
    help: 'Unix time of the last successful run of each job on this node',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  constructor(options: { poolStats?: () => PoolStats; processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    const { poolStats } = options;
    if (!poolStats) return;
    new Gauge({
      name: 'kezhan_db_pool_connections',
      help: 'Connections in the PostgreSQL pool: open (in use or idle) and idle',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'kezhan_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL connection',
      registers: [this.registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: 'kezhan_db_pool_max_connections',
      help: 'Size limit of the PostgreSQL pool',
      registers: [this.registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  // Label children are looked up once per (method, route, status): recording runs on every request.
  private readonly requestSeries = new Map<
    string,
    { count: { inc(): void }; duration: { observe(v: number): void } }
  >();

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { count: this.httpRequests.labels(labels), duration: this.httpDuration.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  recordJob(job: string, outcome: JobOutcome, seconds?: number, finishedAt?: Date): void {
    this.jobRuns.inc({ job, outcome });
    if (seconds !== undefined) this.jobDuration.observe({ job }, seconds);
    if (outcome === 'succeeded' && finishedAt) this.jobLastSuccess.set({ job }, finishedAt.getTime() / 1000);
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
