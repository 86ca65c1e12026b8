import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPromoCode, AdminPromoUse } from '@kezhan/contract/admin/promotions';
import { PROMO_CODE_ALPHABET } from '@kezhan/contract/admin/promotions';
import type { CreatedOrder, PromoCodeCheck } from '@kezhan/contract/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { createCourse, createRole, loginMember, type LoggedInMember } from '../../../test/support/orders';
import { PERMISSION_DENIED_MESSAGE } from '../admin/guard';
import { expireUnpaidOrders } from './order-service';
import { promoDiscount } from './promo-codes';

const HOUR = 3_600_000;

describe('promo codes managed from the console, applied at checkout', () => {
  let t: TestApp;
  let root: AdminClient;
  let finance: AdminClient;
  let support: AdminClient;
  let a: LoggedInMember;
  let b: LoggedInMember;
  let c: LoggedInMember;
  let roleId: number;
  let courseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    root = await signedInAdmin(t, 'super', 'root');
    finance = await signedInAdmin(t, 'finance');
    support = await signedInAdmin(t, 'support');
    a = await loginMember(t, '13900000011');
    b = await loginMember(t, '13900000012');
    c = await loginMember(t, '13900000013');
    roleId = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
    courseId = await createCourse(t, { charge: 99 });
  });
  afterAll(() => t.close());

  const createCode = async (body: Record<string, unknown>, client = root) => {
    const res = await client.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: body,
    });
    expect(res, res.message).toMatchObject({ code: 0 });
    return res.data.id;
  };
  const check = (code: string, member = a) =>
    t
      .request<PromoCodeCheck>({ method: 'GET', url: `/api/v2/promoCode/${code}/check`, token: member.token })
      .then((res) => res.data);
  const orderCourse = (code: string, member = a, course = courseId) =>
    t
      .request<CreatedOrder>({
        method: 'POST',
        url: '/api/v2/order/course',
        payload: { course_id: course, promo_code: code },
        token: member.token,
      })
      .then((res) => res.data);
  const orderRole = (code: string, member = a) =>
    t
      .request<CreatedOrder>({
        method: 'POST',
        url: '/api/v2/order/role',
        payload: { role_id: roleId, promo_code: code },
        token: member.token,
      })
      .then((res) => res.data);
  const listed = async (code: string) => {
    const res = await root.request<{ data: AdminPromoCode[]; total: number }>({
      method: 'GET',
      url: `/api/admin/promo-codes?keyword=${code}`,
    });
    return res.data.data.find((row) => row.code === code)!;
  };

  it('refuses 客服 every promo route, lets 财务 and 超级管理员 in', async () => {
    const id = await createCode({ code: 'ROLECHECK', discount_type: 'amount', amount: 5 });
    const calls = [
      { method: 'GET', url: '/api/admin/promo-codes' },
      {
        method: 'POST',
        url: '/api/admin/promo-codes',
        payload: { code: 'NOPE1', discount_type: 'amount', amount: 1 },
      },
      {
        method: 'POST',
        url: '/api/admin/promo-codes/batch',
        payload: { count: 1, discount_type: 'amount', amount: 1 },
      },
      { method: 'GET', url: `/api/admin/promo-codes/${id}/uses` },
      { method: 'PUT', url: `/api/admin/promo-codes/${id}/status`, payload: { is_enabled: 0 } },
    ] as const;
    for (const call of calls) {
      expect(await support.request(call), call.url).toMatchObject({
        code: 403,
        message: PERMISSION_DENIED_MESSAGE,
      });
    }
    expect(PERMISSION_DENIED_MESSAGE).toBe('没有权限执行此操作');
    expect((await finance.request({ method: 'GET', url: '/api/admin/promo-codes' })).code).toBe(0);
    expect((await listed('ROLECHECK')).is_enabled).toBe(1);
  });

  it('explains each invalid field in Chinese', async () => {
    const create = (payload: object) =>
      root.request({ method: 'POST', url: '/api/admin/promo-codes', payload }).then((res) => res.message);
    expect(await create({ discount_type: 'amount', amount: 5 })).toBe('请输入优惠码');
    expect(await create({ code: 'a b', discount_type: 'amount', amount: 5 })).toBe(
      '优惠码须为 4-64 位字母、数字、下划线或短横线',
    );
    expect(await create({ code: 'GOODCODE', discount_type: 'gift' })).toBe('请选择优惠方式');
    expect(await create({ code: 'GOODCODE', discount_type: 'amount' })).toBe('请输入优惠金额');
    expect(await create({ code: 'GOODCODE', discount_type: 'percent' })).toBe('请输入优惠比例');
    expect(await create({ code: 'GOODCODE', discount_type: 'percent', percent_off: 101 })).toBe(
      '优惠比例须为 1 到 100 之间的整数',
    );
    expect(await create({ code: 'GOODCODE', discount_type: 'amount', amount: 5, use_times: -1 })).toBe(
      '总次数须为 0 到 1000000 之间的整数',
    );
    expect(await create({ code: 'GOODCODE', discount_type: 'amount', amount: 5, per_user_limit: 'x' })).toBe(
      '每人限用次数须为 0 到 1000 之间的整数',
    );
    expect(
      await create({
        code: 'GOODCODE',
        discount_type: 'amount',
        amount: 5,
        starts_at: '2026-05-02T00:00:00Z',
        expired_at: '2026-05-01T00:00:00Z',
      }),
    ).toBe('结束时间须晚于开始时间');
    expect(await create({ code: 'GOODCODE', discount_type: 'amount', amount: 5, starts_at: 'soon' })).toBe(
      '开始时间格式错误',
    );
    await createCode({ code: 'TAKEN1', discount_type: 'amount', amount: 5 });
    expect(await create({ code: 'TAKEN1', discount_type: 'amount', amount: 5 })).toBe('优惠码已存在');
    const batch = (payload: object) =>
      root
        .request({ method: 'POST', url: '/api/admin/promo-codes/batch', payload })
        .then((res) => res.message);
    expect(await batch({ count: 0, discount_type: 'amount', amount: 1 })).toBe(
      '生成数量须为 1 到 1000 之间的整数',
    );
    expect(await batch({ count: 1001, discount_type: 'amount', amount: 1 })).toBe(
      '生成数量须为 1 到 1000 之间的整数',
    );
    expect(await batch({ prefix: 'VIP-', count: 2, discount_type: 'amount', amount: 1 })).toBe(
      '前缀只能包含字母和数字，最多 16 位',
    );
    const status = await root.request({
      method: 'PUT',
      url: '/api/admin/promo-codes/999999/status',
      payload: { is_enabled: 0 },
    });
    expect(status.message).toBe('优惠码不存在');
  });

  it('rounds a percentage down to the fen and never goes below zero', () => {
    const percent = (percent_off: number) => ({
      discount_type: 'percent' as const,
      percent_off,
      invited_user_reward: 0,
    });
    // Fen in, fen out. 8.5折 (15 % off) ¥19.9: ¥2.985 rounds down to ¥2.98, ¥16.92 to pay.
    expect(promoDiscount(percent(15), 1990)).toBe(298);
    expect(promoDiscount(percent(15), 9900)).toBe(1485);
    expect(promoDiscount(percent(10), 5)).toBe(0);
    expect(promoDiscount(percent(1), 99)).toBe(0);
    expect(promoDiscount(percent(100), 1990)).toBe(1990);
    expect(promoDiscount({ discount_type: 'amount', percent_off: 0, invited_user_reward: 50 }, 1990)).toBe(
      50,
    );
    expect(promoDiscount({ discount_type: 'amount', percent_off: 0, invited_user_reward: 5000 }, 3000)).toBe(
      3000,
    );
  });

  it('a percentage code created in the console discounts the order, and the creation is audited', async () => {
    const id = await createCode({
      code: 'PCT15',
      discount_type: 'percent',
      percent_off: 15,
      remark: '双十一',
    });
    const [row] = (await auditRows(t, 'promo.create')).filter((r) => r.target_id === String(id));
    expect(row).toMatchObject({ administrator_name: 'root', target_type: 'promo_code' });
    expect(row.after).toMatchObject({
      code: 'PCT15',
      discount_type: 'percent',
      percent_off: 15,
      per_user_limit: 1,
    });

    const checked = await check('PCT15');
    expect(checked).toEqual({
      can_use: 1,
      promo_code: {
        id,
        code: 'PCT15',
        expired_at: null,
        invited_user_reward: 0,
        invite_user_reward: 0,
        discount_type: 'percent',
        percent_off: 15,
      },
    });
    expect(await orderCourse('PCT15')).toMatchObject({
      charge: 99,
      discount: 14.85,
      amount: 84.15,
      status_text: '未支付',
    });
    expect(await listed('PCT15')).toMatchObject({ used_times: 1, paid_count: 0, remark: '双十一' });
  });

  it('an amount code from the console takes its yuan off; one covering the price pays the order', async () => {
    await createCode({ code: 'MINUS10', discount_type: 'amount', amount: 10 });
    expect(await orderRole('MINUS10', b)).toMatchObject({ charge: 30, discount: 10, amount: 20 });
    await createCode({ code: 'FREE100', discount_type: 'percent', percent_off: 100 });
    expect(await orderRole('FREE100', c)).toMatchObject({ discount: 30, amount: 0, status_text: '已支付' });
    expect(await listed('FREE100')).toMatchObject({ used_times: 1, paid_count: 1 });
  });

  it('keeps the validity window and the on/off switch, with a message for each refusal', async () => {
    const now = Date.now();
    await createCode({
      code: 'LATER1',
      discount_type: 'amount',
      amount: 5,
      starts_at: new Date(now + 24 * HOUR).toISOString(),
    });
    await createCode({
      code: 'GONE1',
      discount_type: 'amount',
      amount: 5,
      starts_at: new Date(now - 48 * HOUR).toISOString(),
      expired_at: new Date(now - HOUR).toISOString(),
    });
    const open = await createCode({
      code: 'OPEN1',
      discount_type: 'amount',
      amount: 5,
      starts_at: new Date(now - HOUR).toISOString(),
      expired_at: new Date(now + HOUR).toISOString(),
    });
    expect(await check('LATER1')).toMatchObject({ can_use: 0, message: '优惠码尚未生效' });
    expect(await check('GONE1')).toMatchObject({ can_use: 0, message: '优惠码已过期' });
    expect(await orderRole('LATER1')).toMatchObject({ discount: 0, amount: 30 });
    expect(await orderRole('GONE1')).toMatchObject({ discount: 0, amount: 30 });

    const off = await root.request({
      method: 'PUT',
      url: `/api/admin/promo-codes/${open}/status`,
      payload: { is_enabled: 0 },
    });
    expect(off.code).toBe(0);
    const [audited] = (await auditRows(t, 'promo.disable')).filter((r) => r.target_id === String(open));
    expect(audited).toMatchObject({
      administrator_name: 'root',
      before: { code: 'OPEN1', is_enabled: 1 },
      after: { code: 'OPEN1', is_enabled: 0 },
    });
    expect(await check('OPEN1')).toMatchObject({ can_use: 0, message: '优惠码已停用' });
    expect(await orderRole('OPEN1')).toMatchObject({ discount: 0 });
    expect(
      (await root.request({ method: 'GET', url: '/api/admin/promo-codes?is_enabled=0' })).data,
    ).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ code: 'OPEN1' })]),
    });

    await root.request({
      method: 'PUT',
      url: `/api/admin/promo-codes/${open}/status`,
      payload: { is_enabled: 1 },
    });
    expect((await auditRows(t, 'promo.enable')).map((r) => r.target_id)).toContain(String(open));
    expect(await orderRole('OPEN1')).toMatchObject({ discount: 5, amount: 25 });
  });

  it('counts the total and the per-member limit; a cancelled order gives its use back', async () => {
    await createCode({ code: 'TWICE1', discount_type: 'amount', amount: 3, per_user_limit: 2, use_times: 3 });
    expect(await orderRole('TWICE1', a)).toMatchObject({ discount: 3 });
    expect(await orderRole('TWICE1', a)).toMatchObject({ discount: 3 });
    expect(await check('TWICE1', a)).toMatchObject({ can_use: 0, message: '您使用该优惠码的次数已达上限' });
    expect(await orderRole('TWICE1', a)).toMatchObject({ discount: 0 });
    expect(await orderRole('TWICE1', b)).toMatchObject({ discount: 3 });
    expect(await check('TWICE1', c)).toMatchObject({ can_use: 0, message: '优惠码已被用完' });
    expect(await orderRole('TWICE1', c)).toMatchObject({ discount: 0 });

    // Once the unpaid orders lapse, their uses come back.
    await expireUnpaidOrders(t.services.db, new Date(Date.now() + 2 * HOUR));
    expect(await check('TWICE1', c)).toMatchObject({ can_use: 1 });
    expect(await listed('TWICE1')).toMatchObject({ used_times: 0 });

    await createCode({ code: 'MANY1', discount_type: 'amount', amount: 1, per_user_limit: 0 });
    for (let i = 0; i < 3; i += 1) expect(await orderRole('MANY1', c)).toMatchObject({ discount: 1 });
  });

  it('hands the last use to one of two members ordering at the same time', async () => {
    await createCode({
      code: 'LAST1',
      discount_type: 'percent',
      percent_off: 50,
      use_times: 1,
      per_user_limit: 0,
    });
    const [first, second] = await Promise.all([orderRole('LAST1', a), orderRole('LAST1', b)]);
    expect([first.discount, second.discount].sort((x, y) => x - y)).toEqual([0, 15]);
    expect(await listed('LAST1')).toMatchObject({ used_times: 1 });
  });

  it('lets one member take only their share when their own orders race', async () => {
    await createCode({ code: 'ONCE1', discount_type: 'amount', amount: 2, per_user_limit: 1 });
    const answers = await Promise.all([orderRole('ONCE1', c), orderRole('ONCE1', c), orderRole('ONCE1', c)]);
    expect(answers.map((order) => order.discount).sort()).toEqual([0, 0, 2]);
    expect(await listed('ONCE1')).toMatchObject({ used_times: 1 });
  });

  it('generates a batch of unique codes in one go, audited, listed by batch, with their use detail', async () => {
    const res = await root.request<{ batch: string; codes: string[] }>({
      method: 'POST',
      url: '/api/admin/promo-codes/batch',
      payload: { prefix: 'vip', count: 200, discount_type: 'amount', amount: 8, use_times: 1 },
    });
    expect(res.code).toBe(0);
    const { batch, codes } = res.data;
    expect(codes).toHaveLength(200);
    expect(new Set(codes).size).toBe(200);
    const pattern = new RegExp(`^VIP[${PROMO_CODE_ALPHABET}]{10}$`);
    for (const code of codes) expect(code).toMatch(pattern);
    const [row] = (await auditRows(t, 'promo.batch_create')).filter((r) => r.target_id === batch);
    expect(row.after).toMatchObject({ prefix: 'vip', count: 200, codes });

    const page = await root.request<{ data: AdminPromoCode[]; total: number }>({
      method: 'GET',
      url: `/api/admin/promo-codes?batch=${batch}&page_size=100`,
    });
    expect(page.data.total).toBe(200);
    expect(page.data.data[0]).toMatchObject({ batch, amount: 8, use_times: 1, discount_type: 'amount' });

    const code = codes[0];
    const order = await orderCourse(code, b);
    expect(order).toMatchObject({ discount: 8, amount: 91 });
    const promo = await listed(code);
    const uses = await root.request<{ data: AdminPromoUse[]; total: number }>({
      method: 'GET',
      url: `/api/admin/promo-codes/${promo.id}/uses`,
    });
    expect(uses.data.total).toBe(1);
    expect(uses.data.data[0]).toMatchObject({
      user_id: b.id,
      mobile: '139****0012',
      order_no: order.order_id,
      order_status_text: '未支付',
      charge: 99,
      discount: 8,
      amount: 91,
      released_at: null,
    });
    expect(uses.data.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
