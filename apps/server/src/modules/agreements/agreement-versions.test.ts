import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAgreement, AdminAgreementVersion, AdminConsent } from '@kezhan/contract/admin/agreements';
import type { MemberDetail } from '@kezhan/contract/member';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { loginMember, type LoggedInMember } from '../../../test/support/orders';

describe('console: agreement versions, re-consent only when asked, consent records', () => {
  let t: TestApp;
  let superAdmin: AdminClient;
  let member: LoggedInMember;

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await signedInAdmin(t, 'super', 'root');
    member = await loginMember(t, '13960000011');
  });
  afterAll(() => t.close());

  const status = async (token = member.token) =>
    (await t.request<MemberDetail>({ method: 'GET', url: '/api/v2/member/detail', token })).data
      .agreement_status;
  const publish = (type: string, payload: object, client = superAdmin) =>
    client.request<{ id: number; number: number }>({
      method: 'POST',
      url: `/api/admin/agreements/${type}/versions`,
      payload,
    });
  const versions = async (type: string) =>
    (
      await superAdmin.request<AdminAgreementVersion[]>({
        method: 'GET',
        url: `/api/admin/agreements/${type}/versions`,
      })
    ).data;
  const agree = (token = member.token) =>
    t.request({ method: 'POST', url: '/api/v2/member/agreement/agree', token, payload: {} });
  const userPage = async () => (await t.app.inject({ method: 'GET', url: '/user/protocol' })).body;

  it('refuses every role but the one that manages settings', async () => {
    for (const role of ['content', 'support', 'finance'] as const) {
      const client = await signedInAdmin(t, role);
      expect(await client.request({ method: 'GET', url: '/api/admin/agreements' })).toMatchObject({
        code: 403,
        message: '没有权限执行此操作',
      });
      expect(
        await publish('user_agreement', { content: '<p>x</p>', requires_consent: true }, client),
      ).toMatchObject({
        code: 403,
      });
      expect(await client.request({ method: 'GET', url: '/api/admin/agreement-consents' })).toMatchObject({
        code: 403,
      });
    }
  });

  it('lists the four agreements with the text in force (no version yet)', async () => {
    const list = (await superAdmin.request<AdminAgreement[]>({ method: 'GET', url: '/api/admin/agreements' }))
      .data;
    expect(list.map((a) => [a.type, a.title, a.current, a.versions])).toEqual([
      ['user_agreement', '用户协议', null, 0],
      ['privacy_policy', '隐私协议', null, 0],
      ['vip_service_agreement', '会员服务协议', null, 0],
      ['paid_content_purchase_agreement', '付费内容购买协议', null, 0],
    ]);
    expect(list[0].content).toContain('用户协议');
  });

  it('a version that does not need consent: sanitised, shown at once, nobody asked again', async () => {
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });
    const answer = await publish('user_agreement', {
      content:
        '<p onclick="steal()">第二版<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      requires_consent: false,
      note: '修正错别字',
    });
    expect(answer).toMatchObject({ code: 0, data: { number: 2 } });
    const page = await userPage();
    expect(page).toContain('第二版');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('onclick');
    expect(page).not.toContain('javascript:');
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });

    const listed = await versions('user_agreement');
    expect(
      listed.map((v) => [v.number, v.requires_consent, v.note, v.administrator_name, v.consents]),
    ).toEqual([
      [2, false, '修正错别字', 'root', 0],
      [1, true, '启用版本管理前的文本', '', 1],
    ]);
    expect(listed[0].content).toBe('<p>第二版<a href>链接</a></p>');
    const [row] = await auditRows(t, 'agreement.publish');
    expect(row).toMatchObject({ administrator_name: 'root', target_id: 'user_agreement' });
    expect(row.after).toMatchObject({ number: 2, requires_consent: false, note: '修正错别字' });
  });

  it('a version that needs consent asks again; agreeing records that version', async () => {
    expect(
      await publish('user_agreement', { content: '<p>第三版：新增条款</p>', requires_consent: true }),
    ).toMatchObject({
      code: 0,
      data: { number: 3 },
    });
    expect(await status()).toEqual({ user_agreement_agreed: false, privacy_policy_agreed: true });
    expect(await agree()).toMatchObject({ code: 0 });
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });
    const [third] = await versions('user_agreement');
    expect([third.number, third.consents]).toEqual([3, 1]);

    // A later version without the need keeps the third version's acceptance.
    expect(
      await publish('user_agreement', { content: '<p>第四版：排版</p>', requires_consent: false }),
    ).toMatchObject({ code: 0 });
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });
    // A new member registers under the fourth and is not asked either.
    const newcomer = await loginMember(t, '13960000012');
    expect(await status(newcomer.token)).toEqual({
      user_agreement_agreed: true,
      privacy_policy_agreed: true,
    });
  });

  it('shows consent records per member and per version', async () => {
    const [, third] = await versions('user_agreement');
    const byVersion = await superAdmin.request<{ data: AdminConsent[]; total: number }>({
      method: 'GET',
      url: `/api/admin/agreement-consents?type=user_agreement&version=${third.version}`,
    });
    expect(byVersion.data.total).toBe(1);
    expect(byVersion.data.data[0]).toMatchObject({
      user_id: member.id,
      mobile: '139****0011',
      number: 3,
      type: 'user_agreement',
      ip: '127.0.0.1',
    });
    const byMember = await superAdmin.request<{ data: AdminConsent[]; total: number }>({
      method: 'GET',
      url: `/api/admin/agreement-consents?user_id=${member.id}`,
    });
    expect(byMember.data.data.map((c) => [c.type, c.number])).toEqual(
      expect.arrayContaining([
        ['user_agreement', 3],
        ['user_agreement', 1],
        ['privacy_policy', null],
      ]),
    );
  });

  it('refuses the same text, an empty text and an unknown agreement in Chinese', async () => {
    expect(
      await publish('user_agreement', { content: '  <p>第四版：排版</p> ', requires_consent: true }),
    ).toMatchObject({
      code: 1,
      message: '内容与当前版本相同，无需发布',
    });
    expect(
      await publish('user_agreement', { content: '<script>x</script>', requires_consent: true }),
    ).toMatchObject({
      code: 1,
      message: '请输入协议内容',
    });
    expect(await publish('user_agreement', { content: '<p>x</p>' })).toMatchObject({
      code: 1,
      message: '请选择是否需要学员重新同意',
    });
    expect(await publish('cookie_policy', { content: '<p>x</p>', requires_consent: true })).toMatchObject({
      code: 1,
      message: '协议类型错误',
    });
  });

  it('a text changed in 站点设置 (no version) asks again, as before versions existed', async () => {
    await t.services.settings.set('protocol.private', '<p>隐私协议（设置页修改）</p>');
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: false });
    await agree();
    expect(await status()).toEqual({ user_agreement_agreed: true, privacy_policy_agreed: true });
  });
});
