import type { ScheduledJob } from './job';
import { purgeExpiredRecords } from './purge';

/**
 * Every scheduled job. Lock ids are 72_530_050 + n and never reused: two jobs sharing one would
 * wait for each other. Intervals can be changed per deployment with JOB_INTERVALS.
 */
export const JOBS: ScheduledJob[] = [
  {
    name: 'purge-expired-records',
    description: 'Delete login records whose token expired, SMS log rows older than 90 days and job runs older than 30 days',
    lockId: 72_530_050,
    intervalSeconds: 3600,
    run: (services, now) => purgeExpiredRecords(services.db, now),
  },
];
