import type { AppServices } from '../services';

/** A task the scheduler runs every `intervalSeconds`, on one node of the cluster at a time. */
export interface ScheduledJob {
  /** Stable kebab-case name: job_runs.job, metrics label, JOB_INTERVALS key. */
  name: string;
  description: string;
  /** PostgreSQL advisory lock id held while the job runs; unique per job (72_530_050 + n). */
  lockId: number;
  intervalSeconds: number;
  /** Does the work; what it returns (e.g. counts) is stored in job_runs.result as JSON. */
  run(services: AppServices, now: Date): Promise<unknown>;
}
