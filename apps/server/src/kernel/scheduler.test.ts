import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../test/test-app';
import { JobScheduler, startScheduler, type SchedulerLogger } from './scheduler';
import type { ScheduledJob } from './job';
import { JOBS } from '../modules/registry';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function capturingLogger() {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  const logger: SchedulerLogger = {
    info: (details, message) => void lines.push({ level: 'info', details: details as never, message }),
    debug: (details, message) => void lines.push({ level: 'debug', details: details as never, message }),
    error: (details, message) => void lines.push({ level: 'error', details: details as never, message }),
  };
  return { logger, lines };
}

/** Moves fake time on second by second, letting each run's real database I/O finish in between. */
async function advanceSeconds(scheduler: JobScheduler, seconds: number) {
  for (let second = 0; second < seconds; second += 1) {
    await vi.advanceTimersByTimeAsync(1000);
    await scheduler.idle();
  }
}

let lockSeq = 0;
function testJob(name: string, run: ScheduledJob['run'], intervalSeconds = 60): ScheduledJob {
  lockSeq += 1;
  return { name, description: name, lockId: 72_539_000 + lockSeq, intervalSeconds, run };
}

describe('job scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('job_runs').execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const runsOf = (job: string) =>
    t.services.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', job)
      .orderBy('started_at')
      .orderBy('id')
      .execute();

  it('records a run in job_runs with its JSON result, node and times, and counts it in the metrics', async () => {
    const job = testJob('count-things', async () => ({ purged: 3 }));
    const { logger, lines } = capturingLogger();
    const scheduler = new JobScheduler(t.services, { jobs: [job], logger, node: 'node-a' });
    const outcome = await scheduler.runNow('count-things');
    expect(outcome).toEqual({ job: 'count-things', outcome: 'succeeded', result: { purged: 3 } });
    const [run] = await runsOf('count-things');
    expect(run).toMatchObject({ node: 'node-a', status: 'succeeded', result: '{"purged":3}', error: '' });
    expect(run.finished_at!.getTime()).toBeGreaterThanOrEqual(run.started_at.getTime());
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'job succeeded',
        details: expect.objectContaining({ job: 'count-things', result: { purged: 3 } }),
      }),
    );
    const metrics = (await t.services.metrics.render()).body;
    expect(metrics).toContain('kezhan_job_runs_total{job="count-things",outcome="succeeded"} 1');
    expect(metrics).toMatch(/kezhan_job_duration_seconds_count\{job="count-things"\} 1/);
    expect(metrics).toMatch(/kezhan_job_last_success_timestamp_seconds\{job="count-things"\} \d+/);
  });

  it('runs each job after its first delay and then every interval (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const ticks: Record<string, number[]> = { fast: [], slow: [] };
    const start = Date.now();
    const fast = testJob('fast', async (_s, now) => void ticks.fast.push(now.getTime() - start), 10);
    const slow = testJob('slow', async (_s, now) => void ticks.slow.push(now.getTime() - start), 25);
    const scheduler = new JobScheduler(t.services, { jobs: [fast, slow], firstRunDelayMs: () => 1000 });
    scheduler.start();
    await advanceSeconds(scheduler, 62);
    await scheduler.stop();
    // A run is scheduled one interval after the previous one ended; runs take (fake) no time.
    expect(ticks.fast).toEqual([1000, 11_000, 21_000, 31_000, 41_000, 51_000, 61_000]);
    expect(ticks.slow).toEqual([1000, 26_000, 51_000]);
    expect((await runsOf('fast')).map((run) => run.status)).toEqual(Array(7).fill('succeeded'));
  });

  it('keeps the other jobs, and the failing job itself, on schedule when a job throws', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let healthyRuns = 0;
    let brokenRuns = 0;
    const broken = testJob(
      'broken',
      async () => {
        brokenRuns += 1;
        throw new Error('disk on fire');
      },
      10,
    );
    const healthy = testJob('healthy', async () => void (healthyRuns += 1), 10);
    const { logger, lines } = capturingLogger();
    const scheduler = new JobScheduler(t.services, {
      jobs: [broken, healthy],
      logger,
      firstRunDelayMs: () => 0,
    });
    scheduler.start();
    await advanceSeconds(scheduler, 25);
    await scheduler.stop();
    expect(brokenRuns).toBe(3);
    expect(healthyRuns).toBe(3);
    const runs = await runsOf('broken');
    expect(runs.map((run) => [run.status, run.error])).toEqual(Array(3).fill(['failed', 'disk on fire']));
    expect(lines.filter((line) => line.level === 'error' && line.message === 'job failed')).toHaveLength(3);
    const metrics = (await t.services.metrics.render()).body;
    expect(metrics).toContain('kezhan_job_runs_total{job="broken",outcome="failed"} 3');
    expect(metrics).toContain('kezhan_job_runs_total{job="healthy",outcome="succeeded"} 3');
  });

  it('lets only one of two nodes run a job at a time, and the other skips that interval', async () => {
    // On PostgreSQL the second node is a separate connection pool on the same database, as two
    // processes would be; on PGlite (one process by design) both schedulers share the database.
    const other = usingPostgres ? await createTestApp({ shareWith: t }) : t;
    try {
      let active = 0;
      let maxActive = 0;
      let runs = 0;
      const slowJob = testJob('exclusive', async () => {
        active += 1;
        runs += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(300);
        active -= 1;
      });
      const nodeA = new JobScheduler(t.services, { jobs: [slowJob], node: 'node-a' });
      const nodeB = new JobScheduler(other.services, { jobs: [slowJob], node: 'node-b' });
      const outcomes = await Promise.all([nodeA.runNow('exclusive'), nodeB.runNow('exclusive')]);
      expect(maxActive).toBe(1);
      expect(runs).toBe(1);
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['skipped', 'succeeded']);
      const skipped = outcomes.find((outcome) => outcome.outcome === 'skipped');
      // PostgreSQL: the lock is taken, so the other node does not wait. PGlite: it waits, then
      // finds the fresh run.
      expect(skipped).toMatchObject({ reason: usingPostgres ? 'locked' : 'recent' });
      expect(await runsOf('exclusive')).toHaveLength(1);

      // Right after, the other node sees the fresh run in job_runs and leaves this interval alone.
      expect(await nodeB.runNow('exclusive')).toEqual({
        job: 'exclusive',
        outcome: 'skipped',
        reason: 'recent',
      });
      expect(runs).toBe(1);
    } finally {
      if (other !== t) await other.close();
    }
  });

  it('does not start a second run of a job on the same node while one is in progress', async () => {
    let release!: () => void;
    const job = testJob('long', () => new Promise<void>((resolve) => (release = resolve)));
    const scheduler = new JobScheduler(t.services, { jobs: [job] });
    const first = scheduler.runNow('long');
    expect(await scheduler.runNow('long')).toEqual({ job: 'long', outcome: 'skipped', reason: 'busy' });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    expect((await first).outcome).toBe('succeeded');
  });

  it('stop() waits for the run in progress', async () => {
    let finished = false;
    const job = testJob('finishing', async () => {
      await sleep(200);
      finished = true;
    });
    const scheduler = new JobScheduler(t.services, { jobs: [job], firstRunDelayMs: () => 0 });
    scheduler.start();
    await vi.waitFor(async () => expect(await runsOf('finishing')).toHaveLength(1));
    await scheduler.stop();
    expect(finished).toBe(true);
    expect((await runsOf('finishing'))[0].status).toBe('succeeded');
  });

  it('reports a failure (without throwing) when the database is unreachable', async () => {
    const job = testJob('no-db', async () => 1);
    const { logger, lines } = capturingLogger();
    const broken = {
      ...t.services,
      database: {
        ...t.services.database,
        tryWithAdvisoryLock: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        },
      },
    };
    const scheduler = new JobScheduler(broken, { jobs: [job], logger });
    const outcome = await scheduler.runNow('no-db');
    expect(outcome).toMatchObject({ job: 'no-db', outcome: 'failed' });
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'job failed' }));
  });

  it('applies JOB_INTERVALS overrides and rejects unknown job names', async () => {
    const scheduler = new JobScheduler(t.services, {
      jobs: JOBS,
      intervals: { 'purge-expired-records': 120 },
    });
    expect(scheduler.jobList.find((job) => job.name === 'purge-expired-records')?.intervalSeconds).toBe(120);
    expect(() => new JobScheduler(t.services, { jobs: JOBS, intervals: { 'no-such-job': 5 } })).toThrow(
      'JOB_INTERVALS names unknown jobs: no-such-job',
    );
  });

  it('is not started when JOBS_ENABLED=0', async () => {
    const { logger, lines } = capturingLogger();
    const disabled = { ...t.services, env: { ...t.services.env, jobsEnabled: false } };
    expect(startScheduler(disabled, JOBS, logger)).toBeUndefined();
    expect(lines[0].message).toContain('JOBS_ENABLED=0');
    const enabled = startScheduler(t.services, JOBS, logger);
    expect(enabled).toBeInstanceOf(JobScheduler);
    await enabled!.stop();
  });

  it('runs every registered job successfully on a fresh database', async () => {
    const scheduler = new JobScheduler(t.services, { jobs: JOBS });
    for (const job of JOBS) {
      const outcome = await scheduler.runNow(job.name);
      expect(outcome, job.name).toMatchObject({ job: job.name, outcome: 'succeeded' });
    }
    expect(await t.services.db.selectFrom('job_runs').select('job').orderBy('id').execute()).toEqual(
      JOBS.map((job) => ({ job: job.name })),
    );
  });

  it('gives every registered job its own lock id', () => {
    const ids = JOBS.map((job) => job.lockId);
    expect(new Set(ids).size).toBe(ids.length);
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
