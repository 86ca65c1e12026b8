import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail } from '@kezhan/contract/member';
import type { SiteConfig } from '@kezhan/contract/config';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createCourse,
  createRole,
  loginMember,
  memberId,
  type LoggedInMember,
} from '../../../test/support/orders';

describe('agreements: versions, acceptance records, agreement_status', () => {
  let t: TestApp;
  let member: LoggedInMember;
  const detail = (token: string) =>
    t.request<MemberDetail>({ method: 'GET', url: '/api/v2/member/detail', token });
  const records = (userId: number) =>
    t.services.db
      .selectFrom('agreement_user_records')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('type')
      .execute();
  const agree = (token: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v2/member/agreement/agree', token, payload: {}, headers });

  beforeAll(async () => {
    t = await createTestApp();
    member = await loginMember(t, '13960000001');
  });
  afterAll(() => t.close());

  it('registering accepts the published user agreement and privacy policy at once', async () => {
    expect((await detail(member.token)).data.agreement_status).toEqual({
      user_agreement_agreed: true,
      privacy_policy_agreed: true,
    });
    const rows = await records(member.id);
    expect(rows.map((row) => row.type)).toEqual(['privacy_policy', 'user_agreement']);
    expect(rows[0]).toMatchObject({
      ip: '127.0.0.1',
      platform: 'APP',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('a new text is a new version: the flag turns false until the member agrees again', async () => {
    await t.services.settings.set('protocol.user', '<p>用户协议（2026 年修订）</p>');
    expect((await detail(member.token)).data.agreement_status).toEqual({
      user_agreement_agreed: false,
      privacy_policy_agreed: true,
    });
    const res = await agree(member.token, { 'user-agent': 'Mozilla/5.0 test', 'meedu-platform': 'h5' });
    expect(res).toMatchObject({ code: 0, message: '', data: [] });
    expect((await detail(member.token)).data.agreement_status!.user_agreement_agreed).toBe(true);
    const latest = (await records(member.id)).filter((row) => row.type === 'user_agreement');
    expect(latest).toHaveLength(2);
    expect(latest.find((row) => row.user_agent === 'Mozilla/5.0 test')).toMatchObject({
      platform: 'H5',
      ip: '127.0.0.1',
    });
  });

  it('an empty agreement needs no acceptance; agreeing again only refreshes the time', async () => {
    await t.services.settings.set('protocol.private', '');
    expect((await detail(member.token)).data.agreement_status!.privacy_policy_agreed).toBe(true);
    const before = (await records(member.id)).length;
    await agree(member.token);
    await agree(member.token);
    expect((await records(member.id)).length).toBe(before);
  });

  it('needs a login and records only the caller', async () => {
    expect(
      await t.request({ method: 'POST', url: '/api/v2/member/agreement/agree', payload: {} }),
    ).toMatchObject({
      code: 401,
    });
    const other = await loginMember(t, '13960000002');
    const before = (await records(other.id)).length;
    await agree(member.token);
    expect((await records(other.id)).length).toBe(before);
  });

  it('a v3 order records the goods agreement it was created under', async () => {
    const courseId = await createCourse(t);
    const roleId = await createRole(t);
    for (const [goods_type, goods_id] of [
      ['COURSE', courseId],
      ['ROLE', roleId],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v3/order',
        token: member.token,
        payload: { goods_type, goods_id, agree_protocol: 1 },
      });
      expect(res.code).toBe(0);
    }
    const types = (await records(await memberId(t, '13960000001'))).map((row) => row.type);
    expect(types).toContain('paid_content_purchase_agreement');
    expect(types).toContain('vip_service_agreement');
  });

  it('config exposes the agreement pages and the purchase notice the 2026 clients read', async () => {
    await t.services.settings.set('course_purchase_notice', '<p>购买后不支持退款</p>');
    const config = (await t.request<SiteConfig>({ method: 'GET', url: '/api/v2/other/config' })).data;
    expect(config).toMatchObject({
      user_protocol: 'http://api.test/user/protocol',
      user_private_protocol: 'http://api.test/user/private_protocol',
      vip_protocol: 'http://api.test/user/vip_protocol',
      paid_content_purchase_protocol: 'http://api.test/user/paid_content_purchase_protocol',
      course_purchase_notice: '<p>购买后不支持退款</p>',
    });
    for (const path of ['/user/vip_protocol', '/vip/protocol']) {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('会员服务协议');
    }
  });
});
