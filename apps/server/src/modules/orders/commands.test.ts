import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeCheck, VipRole } from '@kezhan/contract/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  chooseHandPay,
  createCourse,
  enablePayments,
  loginMember,
  memberRow,
  offeredPayments,
  orderCourse,
  orderRole,
  orderRow,
  updateOrder,
} from '../../../test/support/orders';
import { seedDemoCommerce } from './demo-seed';
import { runCommand } from '../../cli/run-command';

describe('commerce CLI commands', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  const cli = (...argv: string[]) => runCommand(t.services, argv);

  beforeAll(async () => {
    t = await createTestApp();
    ({ token, id: userId } = await loginMember(t, '13940000001'));
  });
  afterAll(() => t.close());

  it('every command has --help and is listed', async () => {
    const help = await runCommand(undefined, ['--help']);
    for (const name of [
      'role:create',
      'role:update',
      'promo:create',
      'promo:list',
      'order:list',
      'order:show',
      'order:mark-paid',
      'order:refund',
    ]) {
      expect(help.output.join('\n')).toContain(name);
      const usage = await runCommand(undefined, [name, '--help']);
      expect(usage.exitCode).toBe(0);
      expect(usage.output[0]).toContain(`npm run cli -- ${name}`);
    }
  });

  it('role:create and role:update manage VIP plans; bad input exits non-zero', async () => {
    const created = await cli(
      'role:create',
      '--name',
      '体验会员',
      '--charge',
      '9.9',
      '--days',
      '7',
      '--description',
      '七天体验\\n全站课程',
    );
    expect(created.exitCode).toBe(0);
    const id = Number(/Created role (\d+)/.exec(created.output[0])![1]);
    let roles = (await t.request<VipRole[]>({ method: 'GET', url: '/api/v2/roles' })).data;
    expect(roles.find((role) => role.id === id)).toEqual({
      id,
      name: '体验会员',
      charge: 9.9,
      expire_days: 7,
      desc_rows: ['七天体验', '全站课程'],
    });

    expect((await cli('role:update', String(id), '--charge=12', '--hidden')).exitCode).toBe(0);
    roles = (await t.request<VipRole[]>({ method: 'GET', url: '/api/v2/roles' })).data;
    expect(roles.find((role) => role.id === id)).toBeUndefined();
    expect((await cli('role:update', String(id), '--show')).exitCode).toBe(0);

    for (const argv of [
      ['role:create', '--charge', '9', '--days', '7'],
      ['role:create', '--name', 'x', '--charge', '-1', '--days', '7'],
      ['role:create', '--name', 'x', '--charge', '9.999', '--days', '7'],
      ['role:create', '--name', 'x', '--charge', '9', '--days', '0'],
      ['role:create', '--name', 'x', '--charge', '9', '--days', '7', '--bogus'],
      ['role:update', '999999', '--charge', '1'],
      ['role:update', String(id)],
      ['role:update', 'abc', '--charge', '1'],
    ]) {
      const result = await cli(...argv);
      expect([argv.join(' '), result.exitCode]).toEqual([argv.join(' '), 1]);
      expect(result.output.at(-1)).not.toContain('Failed:');
    }
  });

  it('promo:create and promo:list; a duplicate code exits non-zero', async () => {
    const created = await cli(
      'promo:create',
      '--code',
      'SPRING10',
      '--discount',
      '10',
      '--uses',
      '100',
      '--expires',
      '2099-12-31',
    );
    expect(created.exitCode).toBe(0);
    expect(created.output[0]).toBe(
      'Created promo code SPRING10: -￥10, uses 100, expires 2099-12-31 23:59:59',
    );
    const check = await t.request<PromoCodeCheck>({
      method: 'GET',
      url: '/api/v2/promoCode/SPRING10/check',
      token,
    });
    expect(check.data).toMatchObject({
      can_use: 1,
      promo_code: { code: 'SPRING10', invited_user_reward: 10, expired_at: '2099-12-31 23:59:59' },
    });
    expect((await cli('promo:create', '--code', 'SPRING10', '--discount', '5')).exitCode).toBe(1);
    expect((await cli('promo:create', '--code', 'bad code!', '--discount', '5')).exitCode).toBe(1);
    expect((await cli('promo:create', '--code', 'THIRD', '--discount', '0.555')).exitCode).toBe(1);
    const half = await cli('promo:create', '--code', 'HALF050', '--discount', '0.5');
    expect(half.output[0]).toBe('Created promo code HALF050: -￥0.5, uses unlimited, expires never');
    expect((await cli('promo:create', '--discount', '5', '--expires', 'tomorrow')).exitCode).toBe(1);
    expect((await cli('promo:create', '--discount', '5', '--owner', '99999')).exitCode).toBe(1);
    const random = await cli('promo:create', '--discount', '5');
    expect(random.output[0]).toMatch(/^Created promo code KZ[A-Z0-9]+: -￥5, uses unlimited, expires never$/);
    expect(
      (await cli('promo:create', '--code', 'BOTH1', '--discount', '5', '--percent', '10')).exitCode,
    ).toBe(1);
    expect((await cli('promo:create', '--code', 'PCT101', '--percent', '101')).exitCode).toBe(1);
    const percent = await cli('promo:create', '--code', 'AUTUMN15', '--percent', '15', '--per-member', '2');
    expect(percent.output[0]).toBe('Created promo code AUTUMN15: -15%, uses unlimited, expires never');
    const list = await cli('promo:list');
    expect(list.output.join('\n')).toContain('SPRING10\t-￥10\tused 0/100');
    expect(list.output.join('\n')).toContain('AUTUMN15\t-15%\tused 0/∞');
  });

  it('order:mark-paid completes a manual transfer once, through the settle path', async () => {
    await enablePayments(t, 'handPay');
    const role = Number(
      /Created role (\d+)/.exec(
        (await cli('role:create', '--name', '月度会员', '--charge', '30', '--days', '30')).output[0],
      )![1],
    );
    const order = await orderRole(t, token, role);
    await chooseHandPay(t, token, order.order_id);

    const paid = await cli('order:mark-paid', order.order_id, '--reference', 'BANK-20260501-1');
    expect(paid.exitCode).toBe(0);
    expect(paid.output[0]).toBe(`Order ${order.order_id} paid (￥30) and delivered to user ${userId}`);
    expect(await orderRow(t, order.order_id)).toMatchObject({
      status: 9,
      payment: 'handPay',
      trade_no: 'BANK-20260501-1',
    });
    const member = await memberRow(t, userId);
    expect(member.role_id).toBe(role);

    const again = await cli('order:mark-paid', order.order_id);
    expect(again.exitCode).toBe(1);
    expect(again.output.at(-1)).toBe(`Order ${order.order_id} is already paid; nothing changed`);
    const after = await memberRow(t, userId);
    expect(after.role_expired_at).toEqual(member.role_expired_at);

    expect((await cli('order:mark-paid', 'nope')).exitCode).toBe(1);
    expect((await cli('order:mark-paid')).exitCode).toBe(1);

    // A gateway order is confirmed by its gateway, never by hand.
    const other = await orderRole(t, token, role);
    await updateOrder(t, other.order_id, { status: 5, payment: 'alipay' });
    const refused = await cli('order:mark-paid', other.order_id);
    expect(refused.exitCode).toBe(1);
    expect(refused.output.at(-1)).toContain('is paid through alipay');

    // A manual transfer confirmed after the 60-minute expiry is still honoured.
    const late = await orderRole(t, token, role);
    await updateOrder(t, late.order_id, { status: 7, cancel_reason: 'expired' });
    expect((await cli('order:mark-paid', late.order_id)).exitCode).toBe(0);

    const list = await cli('order:list', '--user', String(userId), '--status', '9');
    expect(
      list.output.some((line) => line.startsWith(`${order.order_id}\tuser ${userId}\t已支付\t￥30`)),
    ).toBe(true);
    expect((await cli('order:list', '--status', '3')).exitCode).toBe(1);
    const shown = await cli('order:show', order.order_id);
    expect(shown.output.join('\n')).toMatch(/handPay paid BANK-20260501-1 3000/);
  });

  it('order:refund records partial and full refunds, optionally revoking the goods', async () => {
    const courseId = await createCourse(t, { charge: 50 });
    const order = await orderCourse(t, token, courseId);
    expect((await cli('order:refund', order.order_id)).exitCode).toBe(1);
    await chooseHandPay(t, token, order.order_id);
    expect((await cli('order:mark-paid', order.order_id)).exitCode).toBe(0);

    expect((await cli('order:refund', order.order_id, '--amount', '60')).exitCode).toBe(1);
    const partial = await cli('order:refund', order.order_id, '--amount', '20', '--reason', '部分退款');
    expect(partial.output[0]).toBe(`Refund of ￥20 recorded for order ${order.order_id}`);
    expect(await orderRow(t, order.order_id)).toMatchObject({ status: 9, refunded_amount: 2000 });

    const full = await cli('order:refund', order.order_id, '--revoke');
    expect(full.output[0]).toBe(
      `Refund of ￥30 recorded for order ${order.order_id} (fully refunded); goods revoked`,
    );
    expect(await orderRow(t, order.order_id)).toMatchObject({ status: 11, refunded_amount: 5000 });
    const owned = await t.services.db
      .selectFrom('user_courses')
      .select('course_id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .execute();
    expect(owned).toEqual([]);
    expect((await cli('order:refund', order.order_id)).exitCode).toBe(1);

    const list = await t.request<{
      data: { order_id: string; status_text: string; is_refund: number; refunded_charge: number }[];
    }>({
      method: 'GET',
      url: '/api/v2/member/orders',
      token,
    });
    expect(list.data.data.find((item) => item.order_id === order.order_id)).toMatchObject({
      status_text: '已退款',
      is_refund: 1,
      refunded_charge: 50,
    });
    const messages = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', userId)
      .execute();
    expect(messages.map((m) => m.message)).toContain(`订单${order.order_id}已退款30元`);
  });

  it('the demo seed step adds plans and enables the sandbox and manual transfer', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoCommerce(fresh.services);
      const roles = (await fresh.request<VipRole[]>({ method: 'GET', url: '/api/v2/roles' })).data;
      expect(roles.map((role) => role.name)).toEqual(['月度会员', '季度会员', '年度会员']);
      const demoToken = await fresh.loginBySms('13940000009');
      const methods = await offeredPayments(fresh, demoToken, 'h5');
      expect(methods.map((item) => item.sign)).toEqual(['handPay', 'sandbox']);
    } finally {
      await fresh.close();
    }
  });
});
