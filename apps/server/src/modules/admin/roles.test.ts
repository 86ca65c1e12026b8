import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount } from '@kezhan/contract/admin/administrators';
import {
  ADMIN_PERMISSION_KEYS,
  ADMIN_PERMISSIONS,
  ADMIN_ROLE_PRESETS,
} from '@kezhan/contract/admin/permissions';
import type { AdminRole } from '@kezhan/contract/admin/roles';
import type { AdminSession } from '@kezhan/contract/admin/session';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { PERMISSION_DENIED_MESSAGE } from './guard';

describe('operator console: custom roles', () => {
  let t: TestApp;
  let root: AdminClient;
  let support: AdminClient;
  let finance: AdminClient;

  beforeAll(async () => {
    t = await createTestApp();
    root = await signedInAdmin(t, 'super', 'root');
    support = await signedInAdmin(t, 'support', 'helpdesk');
    finance = await signedInAdmin(t, 'finance', 'cashier');
  });
  afterAll(() => t.close());

  const roles = async () =>
    (await root.request<AdminRole[]>({ method: 'GET', url: '/api/admin/roles' })).data;
  const createRole = (payload: object, client = root) =>
    client.request<{ key: string }>({ method: 'POST', url: '/api/admin/roles', payload });
  const updateRole = (key: string, payload: object, client = root) =>
    client.request({ method: 'PUT', url: `/api/admin/roles/${key}`, payload });
  const deleteRole = (key: string, client = root) =>
    client.request({ method: 'DELETE', url: `/api/admin/roles/${key}` });
  const idOf = async (username: string) =>
    (await root.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' })).data.find(
      (row) => row.username === username,
    )!.id;
  const assign = (id: number, role: string, client = root) =>
    client.request({ method: 'PUT', url: `/api/admin/administrators/${id}/role`, payload: { role } });
  const sessionOf = async (client: AdminClient) =>
    client.request<AdminSession>({ method: 'GET', url: '/api/admin/session' });

  it('starts with the four presets, same keys as before, 超级管理员 holding every permission', async () => {
    const listed = await roles();
    expect(listed.map((role) => role.key)).toEqual(['super', 'content', 'support', 'finance']);
    for (const role of listed) {
      const preset = ADMIN_ROLE_PRESETS[role.key as keyof typeof ADMIN_ROLE_PRESETS];
      expect(role).toMatchObject({ name: preset.name, is_preset: true });
      expect([...role.permissions].sort()).toEqual([...preset.permissions].sort());
    }
    // A permission added to the contract needs a migration giving it to 超级管理员.
    expect([...listed[0].permissions].sort()).toEqual([...ADMIN_PERMISSION_KEYS].sort());
    expect(listed.find((role) => role.key === 'support')!.administrators).toBe(1);
  });

  it('keeps the sensitive permissions out of 客服 and every preset but 超级管理员 (财务 refunds)', () => {
    const sensitive = ADMIN_PERMISSION_KEYS.filter((key) => 'sensitive' in ADMIN_PERMISSIONS[key]);
    expect(sensitive.sort()).toEqual(
      ['admin.manage', 'member.credentials', 'member.grant', 'order.refund', 'settings.manage'].sort(),
    );
    const held = (role: keyof typeof ADMIN_ROLE_PRESETS) =>
      sensitive.filter((key) => (ADMIN_ROLE_PRESETS[role].permissions as readonly string[]).includes(key));
    expect(held('support')).toEqual([]);
    expect(held('content')).toEqual([]);
    expect(held('finance')).toEqual(['order.refund']);
  });

  it('refuses every role route to an administrator without 管理管理员和角色', async () => {
    for (const client of [support, finance]) {
      for (const answer of [
        await client.request({ method: 'GET', url: '/api/admin/roles' }),
        await createRole({ name: '提权', permissions: ADMIN_PERMISSION_KEYS }, client),
        await updateRole('support', { name: '客服', permissions: ADMIN_PERMISSION_KEYS }, client),
        await deleteRole('finance', client),
      ]) {
        expect(answer).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
      }
    }
    // Nor may they give themselves another role.
    expect(await assign(await idOf('helpdesk'), 'super', support)).toMatchObject({ code: 403 });
    expect((await roles()).find((role) => role.key === 'support')!.permissions).not.toContain('admin.manage');
    expect((await roles()).map((role) => role.name)).not.toContain('提权');
    expect((await sessionOf(support)).data.administrator.role).toBe('support');
  });

  it('checks each field in Chinese', async () => {
    const base = { name: '退款专员', permissions: ['console.use', 'order.view'] };
    expect((await createRole({ ...base, name: '' })).message).toBe('请输入角色名称（20 字以内）');
    expect((await createRole({ ...base, name: '名'.repeat(21) })).message).toBe(
      '请输入角色名称（20 字以内）',
    );
    expect((await createRole({ ...base, description: '说'.repeat(101) })).message).toBe('说明最多 100 字');
    expect((await createRole({ name: '退款专员' })).message).toBe('请至少选择一项权限');
    expect((await createRole({ ...base, permissions: [] })).message).toBe('请至少选择一项权限');
    expect((await createRole({ ...base, permissions: ['console.use', 'root.everything'] })).message).toBe(
      '权限不存在',
    );
    expect((await createRole({ ...base, permissions: ['order.view'] })).message).toBe(
      '角色须包含「登录后台」权限',
    );
    expect((await createRole({ ...base, name: '客服' })).message).toBe('角色名称已存在');
    expect((await updateRole('no-such-role', base)).message).toBe('角色不存在');
    expect((await updateRole('SUPER', base)).message).toBe('角色不存在');
    expect((await deleteRole('no-such-role')).message).toBe('角色不存在');
  });

  it('a custom role that may refund but not grant: the grant refused, the refund let through', async () => {
    const created = await createRole({
      name: '退款专员',
      description: '只处理退款',
      permissions: ['console.use', 'order.view', 'order.refund', 'member.view', 'console.use'],
    });
    expect(created.code).toBe(0);
    const { key } = created.data;
    expect(key).toMatch(/^custom-[0-9a-f]{8}$/);
    const [audited] = (await auditRows(t, 'role.create')).filter((row) => row.target_id === key);
    expect(audited).toMatchObject({
      administrator_name: 'root',
      after: {
        name: '退款专员',
        description: '只处理退款',
        permissions: ['console.use', 'order.view', 'order.refund', 'member.view'],
      },
    });

    expect(
      (
        await root.request({
          method: 'POST',
          url: '/api/admin/administrators',
          payload: { username: 'refunder', password: 'long-enough', role: 'no-such-role' },
        })
      ).message,
    ).toBe('请选择角色');
    const refunder = await signedInAdmin(t, key, 'refunder');
    const profile = (await sessionOf(refunder)).data.administrator;
    expect(profile).toMatchObject({ role: key, role_name: '退款专员' });
    expect([...profile.permissions].sort()).toEqual([
      'console.use',
      'member.view',
      'order.refund',
      'order.view',
    ]);

    const grant = await refunder.request({
      method: 'POST',
      url: '/api/admin/members/1/grants',
      payload: { kind: 'vip', role_id: 1, days: 30, reason: '想送' },
    });
    expect(grant).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    const mobile = await refunder.request({
      method: 'PUT',
      url: '/api/admin/members/1/mobile',
      payload: { mobile: '13900001111', reason: '想改' },
    });
    expect(mobile).toMatchObject({ code: 403, message: PERMISSION_DENIED_MESSAGE });
    // The refund route lets it in (and answers about the order, which does not exist).
    const refund = await refunder.request({
      method: 'POST',
      url: '/api/admin/orders/NO-SUCH-ORDER/refunds',
      payload: { amount: 1, reason: '退款' },
    });
    expect([refund.code, refund.message]).not.toEqual([403, PERMISSION_DENIED_MESSAGE]);
    expect((await refunder.request({ method: 'GET', url: '/api/admin/members' })).code).toBe(0);
    expect((await refunder.request({ method: 'GET', url: '/api/admin/courses' })).code).toBe(403);
  });

  it('a change to a role holds on the next request of its live sessions, and is audited', async () => {
    const key = (await roles()).find((role) => role.name === '退款专员')!.key;
    const refunder = await signedInAdmin(t, key, 'refunder2');
    expect((await refunder.request({ method: 'GET', url: '/api/admin/members' })).code).toBe(0);

    expect(
      (
        await updateRole(key, {
          name: '订单专员',
          permissions: ['console.use', 'order.view', 'order.refund'],
        })
      ).code,
    ).toBe(0);
    expect(await refunder.request({ method: 'GET', url: '/api/admin/members' })).toMatchObject({
      code: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    expect((await sessionOf(refunder)).data.administrator.role_name).toBe('订单专员');
    const [row] = (await auditRows(t, 'role.update')).filter((entry) => entry.target_id === key);
    expect(row).toMatchObject({
      before: { name: '退款专员', permissions: ['console.use', 'order.view', 'order.refund', 'member.view'] },
      after: { name: '订单专员', permissions: ['console.use', 'order.view', 'order.refund'] },
    });
    expect((await updateRole(key, { name: '财务', permissions: ['console.use'] })).message).toBe(
      '角色名称已存在',
    );

    // A preset is an ordinary role: 客服 may be given more, and it holds at once.
    const supportRole = (await roles()).find((role) => role.key === 'support')!;
    expect(await support.request({ method: 'GET', url: '/api/admin/dashboard' })).toMatchObject({
      code: 403,
    });
    expect(
      (
        await updateRole('support', {
          name: '客服',
          permissions: [...supportRole.permissions, 'dashboard.view'],
        })
      ).code,
    ).toBe(0);
    expect((await sessionOf(support)).data.administrator.permissions).toContain('dashboard.view');
  });

  it('never lets 超级管理员 lose 管理管理员和角色 or be deleted', async () => {
    const withoutAdmin = ADMIN_PERMISSION_KEYS.filter((key) => key !== 'admin.manage');
    expect(await updateRole('super', { name: '超级管理员', permissions: withoutAdmin })).toMatchObject({
      code: 1,
      message: '超级管理员角色须保留「管理管理员和角色」权限',
    });
    expect(await deleteRole('super')).toMatchObject({ code: 1, message: '超级管理员角色不能删除' });
    expect((await root.request({ method: 'GET', url: '/api/admin/roles' })).code).toBe(0);
    // Renaming it, or taking another permission away, is allowed.
    const fewer = ADMIN_PERMISSION_KEYS.filter((key) => key !== 'dashboard.view');
    expect((await updateRole('super', { name: '站长', permissions: fewer })).code).toBe(0);
    expect((await sessionOf(root)).data.administrator).toMatchObject({ role: 'super', role_name: '站长' });
    expect(await root.request({ method: 'GET', url: '/api/admin/dashboard' })).toMatchObject({ code: 403 });
    expect((await updateRole('super', { name: '超级管理员', permissions: ADMIN_PERMISSION_KEYS })).code).toBe(
      0,
    );
  });

  it('refuses to delete a role held by an administrator, even one whose session is live', async () => {
    const key = (await roles()).find((role) => role.name === '订单专员')!.key;
    const holders = (await roles()).find((role) => role.key === key)!.administrators;
    expect(holders).toBe(2);
    const answer = await deleteRole(key);
    expect(answer).toMatchObject({
      code: 1,
      message: '角色「订单专员」仍有 2 名管理员在用（含已停用的），请先为他们更换角色再删除',
    });
    // Their sessions stand, with the role's rights.
    const refunder = await signedInAdmin(t, key, 'refunder3');
    expect((await refunder.request({ method: 'GET', url: '/api/admin/orders' })).code).toBe(0);

    for (const username of ['refunder', 'refunder2', 'refunder3']) {
      expect((await assign(await idOf(username), 'finance')).code).toBe(0);
    }
    // The live session now has the new role's rights, on its next request.
    expect((await refunder.request({ method: 'GET', url: '/api/admin/dashboard' })).code).toBe(0);
    expect((await deleteRole(key)).code).toBe(0);
    expect((await roles()).map((role) => role.key)).not.toContain(key);
    const [row] = (await auditRows(t, 'role.delete')).filter((entry) => entry.target_id === key);
    expect(row).toMatchObject({ administrator_name: 'root', before: { name: '订单专员' }, after: null });
    expect(await assign(await idOf('refunder'), key)).toMatchObject({ code: 1, message: '请选择角色' });
  });

  it('a role gone from under a live session (removed by hand) grants nothing', async () => {
    const created = await createRole({ name: '临时', permissions: ['console.use', 'order.view'] });
    const { key } = created.data;
    const temp = await signedInAdmin(t, key, 'temp');
    expect((await temp.request({ method: 'GET', url: '/api/admin/orders' })).code).toBe(0);
    // The database refuses it while an administrator holds the role (the foreign key)...
    await expect(t.services.db.deleteFrom('admin_roles').where('key', '=', key).execute()).rejects.toThrow();
    // ...so only someone who drops the constraint first can; a stored permission key the code no
    // longer knows grants nothing either.
    await sql`alter table administrators drop constraint administrators_role_fkey`.execute(t.services.db);
    await t.services.db
      .updateTable('admin_roles')
      .set({ permissions: JSON.stringify(['console.use', 'order.everything']) })
      .where('key', '=', key)
      .execute();
    expect((await sessionOf(temp)).data.administrator.permissions).toEqual(['console.use']);
    await t.services.db.deleteFrom('admin_roles').where('key', '=', key).execute();
    expect(await temp.request({ method: 'GET', url: '/api/admin/orders' })).toMatchObject({
      code: 403,
      message: PERMISSION_DENIED_MESSAGE,
    });
    expect(await sessionOf(temp)).toMatchObject({ code: 403 });
    const listed = (await root.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' }))
      .data;
    expect(listed.find((row) => row.username === 'temp')).toMatchObject({ role: key, role_name: '' });
  });
});
