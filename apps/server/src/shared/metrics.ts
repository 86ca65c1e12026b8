import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { RequestTable } from './request-metrics';
import type { DatabaseHandle } from './db/database';

type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;

export type JobOutcome = 'succeeded' | 'failed' | 'skipped';

/**
 * The Prometheus metrics of one API node, served at GET /metrics. Each node has its own registry
 * (not prom-client's global one), so several apps in one process — tests — never collide.
 */
export class Metrics {
  readonly registry = new Registry();

  /** HTTP requests answered: counted per route in plain numbers, exposed in both metrics below. */
  private readonly requests = new RequestTable();

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
    // Not prom-client's Counter and Histogram: they hash the label set on every observation, and
    // recording runs on every request. The registry only asks a metric for its values (get()).
    for (const metric of this.requests.metrics()) this.registry.registerMetric(metric as unknown as Metric);
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

  /**
   * The recorder of one route pattern (`/api/v2/course/:id`, never a raw URL, so the label set
   * stays small): call it once per route, then on every answer with its method, status and time.
   */
  requestRecorder(route: string): (method: string, status: number, seconds: number) => void {
    return this.requests.recorder(route);
  }

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.recorder(route)(method, status, seconds);
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
