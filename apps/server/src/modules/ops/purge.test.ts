import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { JobScheduler } from '../../kernel/scheduler';
import { JOBS } from '../registry';
import { purgeExpiredRecords } from './purge';

const DAY = 86_400_000;

describe('purge-expired-records job', () => {
  let t: TestApp;
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const token = await t.loginBySms('13900000001');
    const detail = await t.request<{ id: number }>({ method: 'GET', url: '/api/v2/member/detail', token });
    memberId = detail.data.id;
  });
  afterAll(() => t.close());

  it('deletes expired login records, SMS records past 90 days and job runs past 30 days; keeps the rest', async () => {
    const { db } = t.services;
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    await db
      .insertInto('user_login_records')
      .values([
        { user_id: memberId, jti: 'expired-long-ago', expires_at: at(-30) },
        { user_id: memberId, jti: 'expired-just-now', expires_at: new Date(now.getTime() - 1000) },
        { user_id: memberId, jti: 'still-valid', expires_at: at(1) },
        { user_id: memberId, jti: 'revoked-not-exp', expires_at: at(1), revoked_at: at(-1) },
      ])
      .execute();
    await db
      .insertInto('sms_records')
      .values([
        { mobile: '13900000009', scene: 'login', provider: 'log', status: 'sent', created_at: at(-91) },
        { mobile: '13900000009', scene: 'login', provider: 'log', status: 'sent', created_at: at(-89) },
      ])
      .execute();
    await db
      .insertInto('job_runs')
      .values([
        { job: 'old', node: 'n', status: 'succeeded', started_at: at(-31), finished_at: at(-31) },
        { job: 'recent', node: 'n', status: 'succeeded', started_at: at(-29), finished_at: at(-29) },
      ])
      .execute();

    const result = await purgeExpiredRecords(db, now);
    expect(result).toEqual({ login_records: 2, sms_records: 1, job_runs: 1 });

    const jtis = (await db.selectFrom('user_login_records').select('jti').execute()).map((row) => row.jti);
    expect(jtis).not.toContain('expired-long-ago');
    expect(jtis).not.toContain('expired-just-now');
    expect(jtis).toEqual(expect.arrayContaining(['still-valid', 'revoked-not-exp']));
    const sms = await db
      .selectFrom('sms_records')
      .select('created_at')
      .where('mobile', '=', '13900000009')
      .execute();
    expect(sms).toHaveLength(1);
    const runs = await db
      .selectFrom('job_runs')
      .select('job')
      .where('job', 'in', ['old', 'recent'])
      .execute();
    expect(runs).toEqual([{ job: 'recent' }]);
    // A second pass finds nothing left to do.
    expect(await purgeExpiredRecords(db, now)).toEqual({ login_records: 0, sms_records: 0, job_runs: 0 });
  });

  it('leaves the token of a live login working', async () => {
    const token = await t.loginBySms('13900000002');
    await purgeExpiredRecords(t.services.db, new Date());
    const detail = await t.request({ method: 'GET', url: '/api/v2/member/detail', token });
    expect(detail.code).toBe(0);
  });

  it('runs from the scheduler as a registered job and records its counts', async () => {
    await t.services.db
      .insertInto('user_login_records')
      .values({ user_id: memberId, jti: 'expired-for-job', expires_at: new Date(Date.now() - DAY) })
      .execute();
    const scheduler = new JobScheduler(t.services, { jobs: JOBS });
    const outcome = await scheduler.runNow('purge-expired-records');
    expect(outcome).toMatchObject({ outcome: 'succeeded', result: { login_records: 1 } });
    const run = await t.services.db
      .selectFrom('job_runs')
      .select(['status', 'result'])
      .where('job', '=', 'purge-expired-records')
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('succeeded');
    expect(JSON.parse(run.result)).toEqual({ login_records: 1, sms_records: 0, job_runs: 0 });
  });

  it('deletes a backlog larger than one batch', async () => {
    const { db } = t.services;
    const rows = Array.from({ length: 5003 }, (_, i) => ({
      mobile: '13900000008',
      scene: 'login',
      provider: 'log',
      status: 'sent' as const,
      created_at: new Date(Date.now() - (100 + (i % 5)) * DAY),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('sms_records')
        .values(rows.slice(i, i + 1000))
        .execute();
    const result = await purgeExpiredRecords(db, new Date());
    expect(result.sms_records).toBe(5003);
    const left = await db
      .selectFrom('sms_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', '13900000008')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
