import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createMeeduFixture,
  MEEDU_PASSWORD,
  SCHOOL,
  type MeeduFixture,
} from '../../../test/support/meedu-fixture';
import { runCommand } from '../../cli/run-command';
import { resolveJwtSecret } from '../../shared/auth/tokens';
import { CommentIds } from '../comments/comment-ids';
import { migrateMeedu } from './migrate';
import { openSource } from './source';

// Needs the machine's MariaDB (CI starts it), as the other migration tests.

/** The fixture's rows are from 2024; the cut-over changes below are written after this. */
const FIRST_RUN = '2025-06-01T00:00:00Z';
/** MeEdu's wall clock (PRC) of the changes made during the freeze. */
const CHANGED_AT = '2026-11-27 10:00:00';

describe('migrate:meedu --since: the cut-over pass', () => {
  let fixture: MeeduFixture;
  let t: TestApp;
  let first: { exitCode: number; output: string[] };
  let second: { exitCode: number; output: string[] };

  beforeAll(async () => {
    fixture = await createMeeduFixture('2026');
    t = await createTestApp();
    first = await runCommand(t.services, ['migrate:meedu', '--source', fixture.url, '--batch', '2']);
    // While MeEdu still ran: a member renewed VIP and renamed, bought a course, got a refund, and
    // a comment was deleted by a moderator.
    await fixture.query('update users set nick_name = ?, role_expired_at = ?, updated_at = ? where id = 3', [
      '小明同学',
      '2031-06-01 00:00:00',
      CHANGED_AT,
    ]);
    await fixture.query(
      "insert into orders (id, user_id, charge, status, order_id, payment, payment_method, created_at, updated_at) values (56, 3, 30, 9, '202611271000005656', 'alipay', 'wap', ?, ?)",
      [CHANGED_AT, CHANGED_AT],
    );
    await fixture.query(
      "insert into order_goods (oid, user_id, order_id, goods_id, goods_type, charge, goods_name, created_at) values (56, 3, '0', 12, 'COURSE', 30, '课程12', ?)",
      [CHANGED_AT],
    );
    await fixture.query(
      'insert into user_course (user_id, course_id, charge, created_at) values (3, 12, 30, ?)',
      [CHANGED_AT],
    );
    await fixture.query(
      'insert into order_paid_records (user_id, order_id, paid_total, paid_type, created_at) values (3, 56, 30, 0, ?)',
      [CHANGED_AT],
    );
    await fixture.query(
      "insert into order_refund (order_id, user_id, payment, total_amount, refund_no, amount, status, success_at, created_at, updated_at) values (56, 3, 'alipay', 3000, 'REFUND202611271000001', 1050, 5, ?, ?, ?)",
      [CHANGED_AT, CHANGED_AT, CHANGED_AT],
    );
    await fixture.query('update comments set deleted_at = ?, updated_at = ? where id = 61', [
      CHANGED_AT,
      CHANGED_AT,
    ]);
    second = await runCommand(t.services, ['migrate:meedu', '--source', fixture.url, '--since', FIRST_RUN]);
    // Two moves of a small school: generous for a loaded shared machine.
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fixture?.drop();
  });

  it('the first run says how to catch up; the second applies only the changes and verifies', () => {
    expect(first.exitCode).toBe(0);
    expect(first.output.join('\n')).toMatch(/停写 MeEdu 后，用 --since \S+ 再运行一次/);
    const report = second.output.join('\n');
    expect(second.output[0]).toBe(
      `MeEdu 2026 → 课栈（增量：${new Date(FIRST_RUN).toISOString()} 以来的变化）`,
    );
    // Only what changed is read: one member, one order, one line, one refund.
    expect(report).toContain('users → users | 1 | 1 | 0 | 0');
    expect(report).toContain('orders → orders | 1 | 1 | 0 | 0');
    expect(report).toContain('order_goods → order_goods | 1 | 1 | 0 | 0');
    expect(report).toContain('order_refund → refunds | 1 | 1 | 0 | 0');
    expect(report).toContain('MeEdu 中已删除（软删除）：在课栈中删除: 1');
    // 174 + 30 paid; 62.34 + 10.50 refunded.
    expect(second.output).toContain('已支付订单实收（元） | 204.00 | 204.00');
    expect(second.output).toContain('成功退款（元） | 72.84 | 72.84');
    expect(report).toContain('增量迁移完成，核对一致。');
    expect(second.exitCode).toBe(0);
  });

  it('the member sees the new name, VIP time, course, order and refund; the deleted comment is gone', async () => {
    const token = (
      await t.request<{ token: string }>({
        method: 'POST',
        url: '/api/v2/login/password',
        payload: { mobile: SCHOOL.member.mobile, password: MEEDU_PASSWORD },
      })
    ).data.token;
    const detail = await t.request<{ nick_name: string; role_expired_at: string }>({
      method: 'GET',
      url: '/api/v2/member/detail',
      token,
    });
    expect(detail.data).toMatchObject({ nick_name: '小明同学', role_expired_at: '2031-06-01 00:00:00' });
    const course = await t.request<{ isBuy: boolean }>({ method: 'GET', url: '/api/v2/course/12', token });
    expect(course.data.isBuy).toBe(true);
    const orders = await t.request<{
      data: { order_id: string; status: number; amount: number; refunded_charge: number }[];
    }>({ method: 'GET', url: '/api/v2/member/orders?page=1&page_size=10', token });
    expect(orders.data.data[0]).toMatchObject({
      order_id: '202611271000005656',
      status: 9,
      amount: 30,
      refunded_charge: 10.5,
    });
    const ids = new CommentIds(resolveJwtSecret(t.services.env));
    const replies = await t.request<{ data: { id: string; children?: unknown[] }[] }>({
      method: 'GET',
      url: '/api/v3/comments?rt=1&rid=10&page=1&size=10',
    });
    expect(replies.data.data.map((comment) => ids.decode(comment.id))).toEqual([60]);
    expect(await t.services.db.selectFrom('comments').select('id').where('id', '=', 61).execute()).toEqual(
      [],
    );
    // New rows after the pass get ids past MeEdu's.
    const next = await t.services.db
      .insertInto('orders')
      .values({ order_id: 'AFTER', user_id: 3, charge: 0, amount: 0, status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(57);
    await t.services.db.deleteFrom('orders').where('id', '=', next.id).execute();
  });

  it('the same pass is not applied twice', async () => {
    const again = await runCommand(t.services, [
      'migrate:meedu',
      '--source',
      fixture.url,
      '--since',
      FIRST_RUN,
    ]);
    expect(again.exitCode).toBe(1);
    expect(again.output.join('\n')).toContain(
      `--since ${new Date(FIRST_RUN).toISOString()} 的增量迁移已经完成过`,
    );
  });
});

describe('migrate:meedu --since refuses a database it did not move from the same MeEdu', () => {
  it('an empty database, and a school moved from another MeEdu database', async () => {
    const fixture = await createMeeduFixture('2024');
    const t = await createTestApp();
    try {
      const empty = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--since',
        FIRST_RUN,
      ]);
      expect(empty.exitCode).toBe(1);
      expect(empty.output.join('\n')).toContain(
        '--since 只用于已经由 migrate:meedu 完整迁移过的课栈数据库：这个数据库没有完成过 MeEdu 迁移',
      );
      const source = await openSource(new URL(fixture.url));
      const options = {
        dryRun: false,
        batchSize: 100,
        oldHost: '',
        now: new Date(),
        progress: () => undefined,
      };
      const out = { line: () => undefined };
      await migrateMeedu(
        t.services.db,
        source,
        { ...options, sourceName: 'mysql://10.0.0.5:3306/meedu' },
        out,
      );
      await source.close();
      const other = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--since',
        FIRST_RUN,
      ]);
      expect(other.exitCode).toBe(1);
      expect(other.output.join('\n')).toContain(
        `这个课栈数据库迁移自 mysql://10.0.0.5:3306/meedu，不是 mysql://127.0.0.1:3306/${fixture.name}`,
      );
      const badTime = await runCommand(t.services, [
        'migrate:meedu',
        '--source',
        fixture.url,
        '--since',
        '昨天',
      ]);
      expect(badTime.output.join('\n')).toContain('--since 应为时间');
    } finally {
      await t.close();
      await fixture.drop();
    }
  }, 120_000);
});
