import os from 'node:os';
import type { AppServices } from '../services';
import type { ScheduledJob } from './job';

export type JobRunOutcome =
  | { job: string; outcome: 'succeeded'; result: unknown }
  | { job: string; outcome: 'failed'; error: Error }
  | { job: string; outcome: 'skipped'; reason: 'locked' | 'recent' | 'busy' };

/** The pino methods the scheduler logs with (Fastify's `app.log` fits). */
export interface SchedulerLogger {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerOptions {
  /** The jobs to run (the composition root passes every feature's: modules/registry.ts JOBS). */
  jobs: readonly ScheduledJob[];
  /** Interval overrides in seconds by job name (env JOB_INTERVALS). */
  intervals?: Record<string, number>;
  logger?: SchedulerLogger;
  /** Written to job_runs.node; defaults to `hostname:pid`. */
  node?: string;
  /** Wait before a job's first run. Defaults to a random part of its interval (at most 30 s). */
  firstRunDelayMs?: (job: ScheduledJob) => number;
}

/**
 * A run started by another node less than this share of the interval ago counts as this
 * interval's run, so N nodes together run each job about once per interval, not N times.
 */
const RECENT_RUN_SHARE = 0.8;
const MAX_FIRST_RUN_DELAY_MS = 30_000;

const silentLogger: SchedulerLogger = { info() {}, debug() {}, error() {} };

/**
 * Runs the scheduled jobs inside an API node. Every node runs a scheduler; a run happens only
 * while holding the job's advisory lock, so at any moment at most one node in the cluster runs
 * a given job, and a node that finds a fresh run by another node in job_runs skips its turn.
 */
export class JobScheduler {
  private readonly jobs: ScheduledJob[];
  private readonly logger: SchedulerLogger;
  private readonly node: string;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<JobRunOutcome>>();
  private started = false;

  constructor(
    private readonly services: AppServices,
    private readonly options: SchedulerOptions,
  ) {
    const intervals = options.intervals ?? {};
    const base = options.jobs;
    const unknown = Object.keys(intervals).filter((name) => !base.some((job) => job.name === name));
    if (unknown.length > 0) {
      throw new Error(
        `JOB_INTERVALS names unknown jobs: ${unknown.join(', ')} (jobs: ${base.map((job) => job.name).join(', ')})`,
      );
    }
    this.jobs = base.map((job) => ({ ...job, intervalSeconds: intervals[job.name] ?? job.intervalSeconds }));
    this.logger = options.logger ?? silentLogger;
    this.node = options.node ?? `${os.hostname()}:${process.pid}`;
  }

  get jobList(): readonly ScheduledJob[] {
    return this.jobs;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) {
      const delay =
        this.options.firstRunDelayMs?.(job) ??
        Math.floor(Math.random() * Math.min(job.intervalSeconds * 1000, MAX_FIRST_RUN_DELAY_MS));
      this.schedule(job, delay);
    }
    this.logger.info(
      { jobs: this.jobs.map((job) => `${job.name}/${job.intervalSeconds}s`), node: this.node },
      'job scheduler started',
    );
  }

  /** Stops scheduling and waits for runs in progress, so the database can be closed after. */
  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  /** Resolves when no run of this node is in progress. */
  async idle(): Promise<void> {
    await Promise.allSettled(this.inFlight.values());
  }

  /**
   * Runs one job now, under its lock, as a timer would. `force` (an operator's `jobs:run`) runs
   * it even if another node has just run it.
   */
  runNow(name: string, options: { force?: boolean } = {}): Promise<JobRunOutcome> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) return Promise.reject(new Error(`Unknown job: ${name}`));
    if (this.inFlight.has(name)) return Promise.resolve({ job: name, outcome: 'skipped', reason: 'busy' });
    const run = this.runLocked(job, options.force ?? false).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, run);
    return run;
  }

  private schedule(job: ScheduledJob, delayMs: number) {
    const timer = setTimeout(async () => {
      await this.runNow(job.name);
      if (this.started) this.schedule(job, job.intervalSeconds * 1000);
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async runLocked(job: ScheduledJob, force: boolean): Promise<JobRunOutcome> {
    const { database, metrics } = this.services;
    let outcome: JobRunOutcome;
    try {
      outcome =
        (await database.tryWithAdvisoryLock(job.lockId, () => this.runHoldingLock(job, force))) ??
        ({ job: job.name, outcome: 'skipped', reason: 'locked' } as const);
    } catch (error) {
      // The lock or the job_runs bookkeeping failed (database unreachable): try next interval.
      outcome = { job: job.name, outcome: 'failed', error: error as Error };
      metrics.recordJob(job.name, 'failed');
    }
    if (outcome.outcome === 'failed') {
      this.logger.error({ job: job.name, node: this.node, err: outcome.error }, 'job failed');
    } else if (outcome.outcome === 'skipped') {
      metrics.recordJob(job.name, 'skipped');
      this.logger.debug({ job: job.name, reason: outcome.reason }, 'job skipped');
    }
    return outcome;
  }

  private async runHoldingLock(job: ScheduledJob, force: boolean): Promise<JobRunOutcome> {
    const { db, metrics } = this.services;
    const startedAt = this.services.now();
    const last = await db
      .selectFrom('job_runs')
      .select('started_at')
      .where('job', '=', job.name)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const recentWindowMs = job.intervalSeconds * 1000 * RECENT_RUN_SHARE;
    if (!force && last && startedAt.getTime() - last.started_at.getTime() < recentWindowMs) {
      return { job: job.name, outcome: 'skipped', reason: 'recent' };
    }
    const { id } = await db
      .insertInto('job_runs')
      .values({ job: job.name, node: this.node, status: 'running', started_at: startedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clock = performance.now();
    let result: unknown;
    let failure: Error | undefined;
    try {
      result = await job.run(this.services, startedAt);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    const finishedAt = this.services.now();
    const seconds = (performance.now() - clock) / 1000;
    await db
      .updateTable('job_runs')
      .set(
        failure
          ? { status: 'failed', finished_at: finishedAt, error: failure.message.slice(0, 2000) }
          : { status: 'succeeded', finished_at: finishedAt, result: JSON.stringify(result ?? null) },
      )
      .where('id', '=', id)
      .execute();
    if (failure) {
      metrics.recordJob(job.name, 'failed', seconds);
      return { job: job.name, outcome: 'failed', error: failure };
    }
    metrics.recordJob(job.name, 'succeeded', seconds, finishedAt);
    this.logger.info(
      { job: job.name, node: this.node, result, durationMs: Math.round(seconds * 1000) },
      'job succeeded',
    );
    return { job: job.name, outcome: 'succeeded', result };
  }
}

/** Starts the jobs of this node unless JOBS_ENABLED=0; main.ts stops it before closing services. */
export function startScheduler(
  services: AppServices,
  jobs: readonly ScheduledJob[],
  logger: SchedulerLogger,
): JobScheduler | undefined {
  if (!services.env.jobsEnabled) {
    logger.info({}, 'scheduled jobs disabled on this node (JOBS_ENABLED=0)');
    return undefined;
  }
  const scheduler = new JobScheduler(services, { jobs, intervals: services.env.jobIntervals, logger });
  scheduler.start();
  return scheduler;
}
