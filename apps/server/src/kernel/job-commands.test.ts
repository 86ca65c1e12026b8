import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runCommand } from '../cli/run-command';
import { JOBS } from '../modules/registry';

describe('jobs:list and jobs:run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every job, never run at first', async () => {
    const result = await runCommand(t.services, ['jobs:list']);
    expect(result.exitCode).toBe(0);
    for (const job of JOBS) {
      expect(result.output).toContain(`${job.name} every ${job.intervalSeconds}s — never run`);
    }
  });

  it('runs a job now, twice in a row if asked, and shows the last run', async () => {
    for (let i = 0; i < 2; i += 1) {
      const result = await runCommand(t.services, ['jobs:run', 'purge-expired-records']);
      expect(result).toEqual({
        exitCode: 0,
        output: ['purge-expired-records succeeded: {"login_records":0,"sms_records":0,"job_runs":0}'],
      });
    }
    const list = await runCommand(t.services, ['jobs:list']);
    expect(list.output.find((line) => line.startsWith('purge-expired-records'))).toMatch(
      /^purge-expired-records every 3600s — last succeeded at \d{4}-\d\d-\d\dT.* on .+ \{"login_records":0/,
    );
  });

  it('refuses an unknown job with the list of jobs, exit code 1', async () => {
    for (const argv of [['jobs:run'], ['jobs:run', 'no-such-job']]) {
      const result = await runCommand(t.services, argv);
      expect(result.exitCode).toBe(1);
      expect(result.output.at(-1)).toBe(
        `Usage: jobs:run <job>   (jobs: ${JOBS.map((job) => job.name).join(', ')})`,
      );
    }
  });

  it('reports a failing job with exit code 1', async () => {
    const broken = {
      ...t.services,
      database: {
        ...t.services.database,
        tryWithAdvisoryLock: async () => Promise.reject(new Error('database down')),
      },
    };
    const result = await runCommand(broken, ['jobs:run', 'purge-expired-records']);
    expect(result).toEqual({ exitCode: 1, output: ['purge-expired-records failed: database down'] });
  });
});
