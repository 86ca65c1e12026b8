import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rawDateTime } from '../../shared/time';
import { hashPassword } from '../../shared/auth/passwords';
import { executeDueDeletions } from './account-deletion';
import { makePng, multipartBody } from '../../../test/support/images';

const DAY = 24 * 3600 * 1000;

describe('account deletion', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  /** Logs in again and again: skips the 60 s SMS resend cooldown (a Redis TTL on PostgreSQL runs). */
  const login = async (mobile: string) => {
    await t.services.store.delete(`sms:cooldown:${mobile}`);
    return t.loginBySms(mobile);
  };
  const destroy = (token: string) => t.request({ method: 'POST', url: '/api/v3/member/destroy', token });
  const idOf = async (token: string) =>
    (await t.request<{ id: number }>({ method: 'GET', url: '/api/v2/member/detail', token })).data.id;
  const jobsOf = (userId: number) =>
    t.services.db
      .selectFrom('user_delete_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const run = () => executeDueDeletions(t.services.db, new Date(clock), { storage: t.services.storage });

  it('records one pending request per member, due after 7 days', async () => {
    const token = await login('13200000001');
    const id = await idOf(token);
    const res = await destroy(token);
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
    expect(await destroy(token)).toMatchObject({ statusCode: 200, code: 1, message: '用户已申请注销' });
    const [job] = await jobsOf(id);
    expect(job.status).toBe('pending');
    expect(job.expired_at.getTime() - job.submit_at.getTime()).toBe(7 * DAY);
    // The token stays valid until the member logs out locally.
    expect((await t.request({ method: 'GET', url: '/api/v2/member/detail', token })).code).toBe(0);
  });

  it('does nothing during the grace period, then really deletes the member and frees the mobile', async () => {
    const mobile = '13200000002';
    const token = await login(mobile);
    const id = await idOf(token);
    const bystander = await login('13200000003');
    const bystanderId = await idOf(bystander);
    const { db } = t.services;
    await db.insertInto('socialites').values({ user_id: id, app: 'qq', app_user_id: 'qq-gone' }).execute();
    await db
      .insertInto('user_profiles')
      .values({ user_id: id, real_name: '王小明', id_number: '110101199003074512' })
      .execute();
    await db.insertInto('user_courses').values({ user_id: id, course_id: 1 }).execute();
    const { payload, headers } = multipartBody('file', 'a.png', 'image/png', makePng(8, 8));
    expect(
      (await t.request({ method: 'POST', url: '/api/v2/member/detail/avatar', payload, headers, token }))
        .code,
    ).toBe(0);
    const avatarFile = (
      await db
        .selectFrom('user_upload_images')
        .select('storage_key')
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const avatarPath = path.join(t.services.env.dataDir, 'storage', avatarFile);
    expect(fs.existsSync(avatarPath)).toBe(true);
    expect((await destroy(token)).code).toBe(0);

    clock += 7 * DAY - 60_000;
    expect((await run()).deleted).not.toContain(id);
    expect(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();

    clock += 60_000;
    const result = await run();
    expect(result.deleted).toContain(id);
    expect(result.failed).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    for (const table of [
      'user_login_records',
      'notifications',
      'socialites',
      'user_profiles',
      'user_courses',
      'user_upload_images',
    ] as const) {
      const left = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(left.n), table).toBe(0);
    }
    expect(fs.existsSync(avatarPath)).toBe(false);
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'done' });
    expect(await t.request({ method: 'GET', url: '/api/v2/member/detail', token })).toMatchObject({
      code: 401,
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/v2/member/detail', token: bystander })).data,
    ).toMatchObject({ id: bystanderId });

    const again = await login(mobile);
    expect(await idOf(again)).not.toBe(id);
    expect((await run()).deleted).toEqual([]);
  });

  it('is cancelled by the next login (SMS or password), which writes the system message', async () => {
    const mobile = '13200000004';
    const token = await login(mobile);
    const id = await idOf(token);
    const submittedAt = new Date(clock);
    expect((await destroy(token)).code).toBe(0);
    clock += 3 * DAY;
    await login(mobile);
    const [job] = await jobsOf(id);
    expect(job.status).toBe('cancelled');
    const messages = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', id)
      .execute();
    expect(messages.map((m) => m.message)).toContain(
      `系统已为您自动取消于 ${rawDateTime(submittedAt)} 申请的用户注销申请`,
    );
    expect(rawDateTime(submittedAt)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    clock += 8 * DAY;
    expect((await run()).deleted).not.toContain(id);

    // A new request may be made after a cancellation, and a password login cancels it too.
    await t.services.db
      .updateTable('users')
      .set({ password: await hashPassword('secret-123') })
      .where('id', '=', id)
      .execute();
    expect((await destroy(token)).code).toBe(0);
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile, password: 'secret-123' },
    });
    expect(res.code).toBe(0);
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('keeps a member whose request was cancelled even if the job runs in the same instant', async () => {
    const token = await login('13200000005');
    const id = await idOf(token);
    expect((await destroy(token)).code).toBe(0);
    clock += 7 * DAY;
    await login('13200000005');
    expect((await run()).deleted).not.toContain(id);
    expect(
      await t.services.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();
  });
});
