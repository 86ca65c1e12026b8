import { CommandError, type CliCommand } from './command';
import type { ScheduledJob } from './job';
import { JobScheduler } from './scheduler';

/** The scheduler's operator commands over the given jobs (every feature's: modules/registry.ts). */
export const jobCommands = (jobs: readonly ScheduledJob[]): CliCommand[] => [
  {
    name: 'jobs:list',
    usage: 'jobs:list',
    summary: 'List the scheduled jobs with their interval and last run (any node)',
    async run(services, _args, out) {
      const scheduler = new JobScheduler(services, { jobs, intervals: services.env.jobIntervals });
      for (const job of scheduler.jobList) {
        const last = await services.db
          .selectFrom('job_runs')
          .select(['status', 'node', 'started_at', 'finished_at', 'result', 'error'])
          .where('job', '=', job.name)
          .orderBy('started_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        const lastText = last
          ? `last ${last.status} at ${last.started_at.toISOString()} on ${last.node}` +
            (last.error ? `: ${last.error}` : last.result ? ` ${last.result}` : '')
          : 'never run';
        out.line(`${job.name} every ${job.intervalSeconds}s — ${lastText}`);
        out.line(`    ${job.description}`);
      }
    },
  },
  {
    name: 'jobs:run',
    usage: 'jobs:run <job>',
    summary: 'Run a scheduled job now (waits for no timer; still one node at a time)',
    async run(services, [name], out) {
      const scheduler = new JobScheduler(services, { jobs, intervals: services.env.jobIntervals });
      const names = scheduler.jobList.map((job) => job.name);
      if (!name || !names.includes(name)) {
        throw new CommandError(`Usage: jobs:run <job>   (jobs: ${names.join(', ')})`);
      }
      const outcome = await scheduler.runNow(name, { force: true });
      if (outcome.outcome === 'failed') throw new CommandError(`${name} failed: ${outcome.error.message}`);
      if (outcome.outcome === 'skipped') {
        throw new CommandError(`${name} is running on another node right now; try again when it is done`);
      }
      out.line(`${name} succeeded: ${JSON.stringify(outcome.result ?? null)}`);
    },
  },
];
