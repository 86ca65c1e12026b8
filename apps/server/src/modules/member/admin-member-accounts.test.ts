import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember, AdminMemberDetail } from '@kezhan/contract/admin/members';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { createCourse, createRole, memberId, memberRow } from '../../../test/support/orders';
import { PERMISSION_DENIED_MESSAGE } from '../admin/guard';

/** The console's member accounts: create, delete, remarks, tags, points, CSV export. */
describe('operator console: creating, deleting, tagging members', () => {
  let t: TestApp;
  let support: AdminClient;
  let owner: AdminClient;
  let editor: AdminClient;
  let finance: AdminClient;
  const denied = { code: 403, message: PERMISSION_DENIED_MESSAGE };

  beforeAll(async () => {
    t = await createTestApp();
    support = await signedInAdmin(t, 'support', 'helpdesk');
    owner = await signedInAdmin(t, 'super', 'owner');
    editor = await signedInAdmin(t, 'content', 'editor');
    finance = await signedInAdmin(t, 'finance', 'cashier');
  });
  afterAll(() => t.close());

  const create = (client: AdminClient, payload: object) =>
    client.request<{ id: number }>({ method: 'POST', url: '/api/admin/members', payload });
  const detail = (id: number) =>
    support.request<AdminMemberDetail>({ method: 'GET', url: `/api/admin/members/${id}` });
  const list = (query: string) =>
    support.request<{ data: AdminMember[]; total: number }>({
      method: 'GET',
      url: `/api/admin/members?${query}`,
    });

  it('refuses every change to a role without 学员 permissions, and reads to one without member.view', async () => {
    for (const client of [editor, finance]) {
      expect(await create(client, { mobile: '13700000001' })).toMatchObject(denied);
      expect(
        await client.request({
          method: 'POST',
          url: '/api/admin/members/1/deletion',
          payload: { reason: 'x' },
        }),
      ).toMatchObject(denied);
      expect(
        await client.request({
          method: 'POST',
          url: '/api/admin/members/1/remarks',
          payload: { content: 'x' },
        }),
      ).toMatchObject(denied);
      expect(
        await client.request({ method: 'PUT', url: '/api/admin/members/1/tags', payload: { tag_ids: [] } }),
      ).toMatchObject(denied);
      expect(
        await client.request({ method: 'POST', url: '/api/admin/member-tags', payload: { name: '高意向' } }),
      ).toMatchObject(denied);
      expect(await client.request({ method: 'GET', url: '/api/admin/member-tags' })).toMatchObject(denied);
      expect(
        await client.request({
          method: 'POST',
          url: '/api/admin/members/1/credits',
          payload: { change: 10, reason: 'x' },
        }),
      ).toMatchObject(denied);
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/admin/members/export',
        headers: { cookie: client.cookie },
      });
      expect(exported.json()).toMatchObject(denied);
    }
    // Without the CSRF header a change is refused even to a role that may make it.
    expect(
      (
        await support.request({
          method: 'POST',
          url: '/api/admin/members',
          payload: { mobile: '13700000001' },
          csrf: false,
        })
      ).code,
    ).not.toBe(0);
    expect(
      await t.services.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', '13700000001')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditRows(t, 'member.create')).toEqual([]);
  });

  it('creates a member with a nickname, a password and courses and VIP days given, audited', async () => {
    const courseId = await createCourse(t, { title: '剪辑入门' });
    const roleId = await createRole(t, { name: '年度会员' });
    // Giving goods is member.grant: 客服 may create members, but not with courses or VIP days.
    for (const goods of [{ course_ids: [courseId] }, { role_id: roleId, vip_days: 30 }]) {
      expect(await create(support, { mobile: '13700000002', ...goods })).toMatchObject({
        code: 403,
        message: '没有赠送课程或会员的权限，请去掉课程和会员后再创建',
      });
    }
    expect(await auditRows(t, 'member.create')).toEqual([]);
    const created = await create(owner, {
      mobile: '+86 137-0000-0002',
      nick_name: '小明',
      password: 'secret-12',
      course_ids: [courseId],
      role_id: roleId,
      vip_days: 30,
    });
    expect(created.code).toBe(0);
    const id = created.data.id;
    const row = await memberRow(t, id);
    expect(row).toMatchObject({
      mobile: '13700000002',
      nick_name: '小明',
      is_password_set: 1,
      role_id: roleId,
    });
    const shown = await detail(id);
    expect(shown.data.courses.map((course) => course.title)).toEqual(['剪辑入门']);
    expect(shown.data.profile.role_name).toBe('年度会员');
    // The password logs in.
    const login = await t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile: '13700000002', password: 'secret-12' },
    });
    expect(login.code).toBe(0);
    const [entry] = await auditRows(t, 'member.create');
    expect(entry).toMatchObject({ administrator_name: 'owner', target_id: String(id) });
    expect(JSON.stringify(entry.after)).not.toContain('secret-12');
  });

  it('creates a member with only a mobile: 学员 + last four digits, no password that logs in', async () => {
    const created = await create(support, { mobile: '13700001234' });
    expect(created.code).toBe(0);
    const row = await memberRow(t, created.data.id);
    expect(row).toMatchObject({ nick_name: '学员1234', is_password_set: 0 });
    const login = await t.request({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile: '13700001234', password: '!' },
    });
    expect(login.code).not.toBe(0);
  });

  it('refuses in Chinese: a member already, a taken nickname, a bad mobile, password, course or plan', async () => {
    expect(await create(support, { mobile: '13700000002' })).toMatchObject({
      code: 1,
      message: '该手机号已是学员',
    });
    expect(await create(support, { mobile: '13700000003', nick_name: '小明' })).toMatchObject({
      code: 1,
      message: '该昵称已被其他学员使用',
    });
    expect(await create(support, { mobile: '1370000' })).toMatchObject({
      code: 1,
      message: '请输入正确的手机号',
    });
    expect(await create(support, { mobile: '13700000003', password: '123' })).toMatchObject({
      code: 1,
      message: '密码长度不能少于6个字符',
    });
    expect(await create(support, { mobile: '13700000003', nick_name: '长'.repeat(25) })).toMatchObject({
      code: 1,
      message: '昵称不能超过24个字符',
    });
    expect(await create(owner, { mobile: '13700000003', course_ids: [999999] })).toMatchObject({
      code: 1,
      message: '课程不存在：999999',
    });
    expect(await create(support, { mobile: '13700000003', vip_days: 3 })).toMatchObject({
      code: 1,
      message: '赠送会员天数时请选择会员计划',
    });
    expect(await create(owner, { mobile: '13700000003', role_id: 999999, vip_days: 3 })).toMatchObject({
      code: 1,
      message: '会员计划不存在：999999',
    });
    expect(
      await t.services.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', '13700000003')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps remarks with their author, newest first, and removes them, audited', async () => {
    const id = await memberId(t, '13700000002');
    for (const content of ['第一次回访：想学剪辑', '第二次回访：已购课']) {
      const added = await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/remarks`,
        payload: { content },
      });
      expect(added.code).toBe(0);
    }
    expect(
      await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/remarks`,
        payload: { content: ' ' },
      }),
    ).toMatchObject({ code: 1, message: '请填写备注（500 字以内）' });
    const remarks = (await detail(id)).data.remarks;
    expect(remarks.map((remark) => [remark.content, remark.administrator_name])).toEqual([
      ['第二次回访：已购课', 'helpdesk'],
      ['第一次回访：想学剪辑', 'helpdesk'],
    ]);
    const removed = await support.request({
      method: 'DELETE',
      url: `/api/admin/members/${id}/remarks/${remarks[1].id}`,
    });
    expect(removed.code).toBe(0);
    expect((await detail(id)).data.remarks.map((remark) => remark.content)).toEqual(['第二次回访：已购课']);
    // A remark of another member cannot be removed through this one.
    const other = await memberId(t, '13700001234');
    expect(
      await support.request({
        method: 'DELETE',
        url: `/api/admin/members/${other}/remarks/${remarks[0].id}`,
      }),
    ).toMatchObject({ code: 1, message: '备注不存在' });
    expect((await auditRows(t, 'member.remark.create')).length).toBe(2);
    expect((await auditRows(t, 'member.remark.delete')).length).toBe(1);
  });

  it('creates tags, sets a member’s tags, filters the list by tag, deletes a tag', async () => {
    const id = await memberId(t, '13700000002');
    const other = await memberId(t, '13700001234');
    const vip = await support.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/member-tags',
      payload: { name: '高意向' },
    });
    const churn = await support.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/member-tags',
      payload: { name: '流失风险' },
    });
    expect(
      await support.request({ method: 'POST', url: '/api/admin/member-tags', payload: { name: '高意向' } }),
    ).toMatchObject({ code: 1, message: '已有同名标签' });
    expect(
      await support.request({
        method: 'PUT',
        url: `/api/admin/members/${id}/tags`,
        payload: { tag_ids: [vip.data.id, churn.data.id] },
      }),
    ).toMatchObject({ code: 0 });
    await support.request({
      method: 'PUT',
      url: `/api/admin/members/${other}/tags`,
      payload: { tag_ids: [churn.data.id] },
    });
    expect(
      await support.request({
        method: 'PUT',
        url: `/api/admin/members/${other}/tags`,
        payload: { tag_ids: [999999] },
      }),
    ).toMatchObject({ code: 1, message: '标签不存在' });
    const byTag = await list(`tag_id=${vip.data.id}`);
    expect(byTag.data.data.map((member) => member.id)).toEqual([id]);
    expect(byTag.data.data[0].tags.map((tag) => tag.name)).toEqual(['流失风险', '高意向']);
    expect((await list(`tag_id=${churn.data.id}`)).data.total).toBe(2);
    const tags = await support.request<{ name: string; members: number }[]>({
      method: 'GET',
      url: '/api/admin/member-tags',
    });
    expect(tags.data.map((tag) => [tag.name, tag.members])).toEqual([
      ['流失风险', 2],
      ['高意向', 1],
    ]);
    expect(
      (await support.request({ method: 'DELETE', url: `/api/admin/member-tags/${churn.data.id}` })).code,
    ).toBe(0);
    expect((await detail(id)).data.profile.tags.map((tag) => tag.name)).toEqual(['高意向']);
    const [audited] = await auditRows(t, 'member_tag.delete');
    expect(audited.before).toEqual({ name: '流失风险', members: 2 });
    expect((await auditRows(t, 'member.tags'))[0].after).toEqual({ tags: ['流失风险', '高意向'] });
  });

  it('adjusts points with a reason: a points record, the member told, never below 0', async () => {
    const id = await memberId(t, '13700000002');
    const add = await support.request<{ credit1: number }>({
      method: 'POST',
      url: `/api/admin/members/${id}/credits`,
      payload: { change: 50, reason: '活动奖励' },
    });
    expect(add).toMatchObject({ code: 0, data: { credit1: 50 } });
    expect(
      await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/credits`,
        payload: { change: -51, reason: '误发' },
      }),
    ).toMatchObject({ code: 1, message: '积分不足：当前 50 积分，扣减后不能为负数' });
    expect(
      await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/credits`,
        payload: { change: 0, reason: 'x' },
      }),
    ).toMatchObject({ code: 1, message: '积分变动须为 -1000000 到 1000000 之间的非零整数' });
    expect(
      await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/credits`,
        payload: { change: 5 },
      }),
    ).toMatchObject({ code: 1, message: '请填写原因（100 字以内）' });
    await support.request({
      method: 'POST',
      url: `/api/admin/members/${id}/credits`,
      payload: { change: -20, reason: '误发' },
    });
    expect((await memberRow(t, id)).credit1).toBe(30);
    const records = await support.request<{ data: { sum: number; remark: string }[]; total: number }>({
      method: 'GET',
      url: `/api/admin/members/${id}/credits`,
    });
    expect(records.data.data.map((record) => [record.sum, record.remark])).toEqual([
      [-20, '客服调整：误发'],
      [50, '客服调整：活动奖励'],
    ]);
    const audited = await auditRows(t, 'member.credit');
    expect(audited.map((row) => [row.before, row.after])).toEqual([
      [{ credit1: 0 }, { credit1: 50, change: 50, reason: '活动奖励' }],
      [{ credit1: 50 }, { credit1: 30, change: -20, reason: '误发' }],
    ]);
  });

  it('exports the filtered list as CSV with formula cells defused', async () => {
    const created = await create(support, { mobile: '13700005555', nick_name: '=HYPERLINK("x")' });
    await create(support, { mobile: '13700006666', nick_name: '@SUM(1)' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/export?keyword=1370000',
      headers: { cookie: support.cookie },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('学员ID,手机号,昵称,会员,会员到期,积分,标签,状态,注册时间');
    expect(lines[1]).toContain(`${created.data.id + 1},13700006666,'@SUM(1)`);
    expect(lines[2]).toContain(`${created.data.id},13700005555,"'=HYPERLINK(""x"")"`);
    expect(lines.some((line) => line.includes('13700000002,小明,年度会员'))).toBe(true);
    const tagged = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/export?tag_id=${(await list('')).data.data.find((m) => m.tags.length)?.tags[0].id}`,
      headers: { cookie: support.cookie },
    });
    expect(tagged.body.trim().split('\r\n')).toHaveLength(2);
    expect((await auditRows(t, 'member.export')).length).toBe(2);
  });

  it('deletes a member at once as the h5’s deletion does: sessions, courses and the row gone, audited', async () => {
    const token = await t.loginBySms('13700009999');
    const id = await memberId(t, '13700009999');
    await t.request({ method: 'POST', url: '/api/v2/member/destroy', token });
    expect(
      await support.request({ method: 'POST', url: `/api/admin/members/${id}/deletion`, payload: {} }),
    ).toMatchObject({ code: 1, message: '请填写删除原因（200 字以内）' });
    const removed = await support.request({
      method: 'POST',
      url: `/api/admin/members/${id}/deletion`,
      payload: { reason: '本人电话申请注销' },
    });
    expect(removed.code).toBe(0);
    expect(
      await t.services.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/v2/member/detail', token })).code).toBe(401);
    const jobs = await t.services.db
      .selectFrom('user_delete_jobs')
      .select('status')
      .where('user_id', '=', id)
      .execute();
    expect(jobs.every((job) => job.status !== 'pending')).toBe(true);
    const [entry] = await auditRows(t, 'member.delete');
    expect(entry).toMatchObject({ target_id: String(id), after: { reason: '本人电话申请注销' } });
    expect(entry.before).toMatchObject({ mobile: '13700009999' });
    // The mobile is free again: the same person can sign up anew.
    expect(
      await support.request({
        method: 'POST',
        url: `/api/admin/members/${id}/deletion`,
        payload: { reason: '再删' },
      }),
    ).toMatchObject({ code: 1, message: '学员不存在' });
    expect((await create(support, { mobile: '13700009999' })).code).toBe(0);
  });
});
