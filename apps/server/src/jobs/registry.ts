import type { ScheduledJob } from './job';
import { purgeExpiredRecords } from './purge';
import { expireUnpaidOrders } from '../modules/orders/order-service';
import { executeDueDeletions } from '../modules/member/account-deletion';
import { mediaTranscodeJob } from '../modules/media/job';

/**
 * Every scheduled job. Lock ids are 72_530_050 + n and never reused: two jobs sharing one would
 * wait for each other. Intervals can be changed per deployment with JOB_INTERVALS.
 */
export const JOBS: ScheduledJob[] = [
  {
    name: 'purge-expired-records',
    description:
      'Delete login records whose token expired, SMS log rows older than 90 days and job runs older than 30 days',
    lockId: 72_530_050,
    intervalSeconds: 3600,
    run: (services, now) => purgeExpiredRecords(services.db, now),
  },
  {
    name: 'expire-unpaid-orders',
    description: 'Cancel orders left unpaid for 60 minutes and give their promo-code uses back',
    lockId: 72_530_051,
    intervalSeconds: 120,
    run: (services, now) => expireUnpaidOrders(services.db, now),
  },
  {
    name: 'execute-account-deletions',
    description:
      'Delete the members whose account-deletion grace period has ended, with their uploaded files',
    lockId: 72_530_052,
    intervalSeconds: 600,
    run: (services, now) => executeDueDeletions(services.db, now, { storage: services.storage }),
  },
  mediaTranscodeJob,
];
