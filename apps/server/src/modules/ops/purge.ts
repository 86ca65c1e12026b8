import type { Db } from '../../shared/db/database';

/** Rows are deleted in slices so a large backlog never holds long locks on a busy table. */
const BATCH_SIZE = 5000;
export const SMS_RECORD_RETENTION_DAYS = 90;
export const JOB_RUN_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

async function deleteInBatches(deleteBatch: () => Promise<bigint>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number(await deleteBatch());
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}

/** Login records whose token has expired: the token no longer verifies, so the record is dead. */
export function purgeExpiredLoginRecords(db: Db, now: Date): Promise<number> {
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('user_login_records')
      .where('id', 'in', (eb) =>
        eb.selectFrom('user_login_records').select('id').where('expires_at', '<', now).limit(BATCH_SIZE),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  });
}

/** The SMS send log is kept for `retentionDays` (abuse investigations), then dropped. */
export function purgeOldSmsRecords(
  db: Db,
  now: Date,
  retentionDays = SMS_RECORD_RETENTION_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('sms_records')
      .where('id', 'in', (eb) =>
        eb.selectFrom('sms_records').select('id').where('created_at', '<', cutoff).limit(BATCH_SIZE),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  });
}

export function purgeOldJobRuns(db: Db, now: Date, retentionDays = JOB_RUN_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('job_runs')
      .where('id', 'in', (eb) =>
        eb.selectFrom('job_runs').select('id').where('started_at', '<', cutoff).limit(BATCH_SIZE),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  });
}

/** The purge job: every expired or outlived record the server keeps, in one pass. */
export async function purgeExpiredRecords(db: Db, now: Date) {
  return {
    login_records: await purgeExpiredLoginRecords(db, now),
    sms_records: await purgeOldSmsRecords(db, now),
    job_runs: await purgeOldJobRuns(db, now),
  };
}
