import type { ColumnType, Generated } from 'kysely';

export type JobRunStatus = 'running' | 'succeeded' | 'failed';

export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  /** `hostname:pid` of the node that ran it. */
  node: string;
  status: JobRunStatus;
  started_at: Date;
  finished_at: Date | null;
  /** JSON of what the job returned (e.g. how many rows it purged). */
  result: ColumnType<string, string | undefined, string>;
  error: ColumnType<string, string | undefined, string>;
}

declare module '../shared/db/schema' {
  interface Database {
    job_runs: JobRunsTable;
  }
}
