import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount } from '@kezhan/contract/admin/administrators';
import type { AuditLogEntry } from '@kezhan/contract/admin/session';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminLogin, auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { PERMISSION_DENIED_MESSAGE } from './guard';

describe('operator console: administrators and the audit log filters', () => {
  let t: TestApp;
  let root: AdminClient;
  let finance: AdminClient;
  let support: AdminClient;

  beforeAll(async () => {
    t = await createTestApp();
    root = await signedInAdmin(t, 'super', 'root');
    finance = await signedInAdmin(t, 'finance');
    support = await signedInAdmin(t, 'support');
  });
  afterAll(() => t.close());

  const accounts = async () =>
    (await root.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' })).data;
  const idOf = async (username: string, client = root) =>
    (await client.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' })).data.find(
      (row) => row.username === username,
    )!.id;
  const create = (payload: object, client = root) =>
    client.request<{ id: number }>({ method: 'POST', url: '/api/admin/administrators', payload });
  const put = (id: number, what: 'role' | 'status' | 'password', payload: object, client = root) =>
    client.request({ method: 'PUT', url: `/api/admin/administrators/${id}/${what}`, payload });

  it('refuses 客服 and 财务 every administrator route with 没有权限执行此操作', async () => {
    const id = await idOf('support');
    const calls = [
      { method: 'GET', url: '/api/admin/administrators' },
      {
        method: 'POST',
        url: '/api/admin/administrators',
        payload: { username: 'x1x', password: 'p'.repeat(9), role: 'super' },
      },
      { method: 'PUT', url: `/api/admin/administrators/${id}/role`, payload: { role: 'super' } },
      { method: 'PUT', url: `/api/admin/administrators/${id}/status`, payload: { is_disabled: 1 } },
      {
        method: 'PUT',
        url: `/api/admin/administrators/${id}/password`,
        payload: { password: 'p'.repeat(9) },
      },
    ] as const;
    for (const client of [support, finance]) {
      for (const call of calls) {
        expect(await client.request(call), call.url).toMatchObject({
          code: 403,
          message: PERMISSION_DENIED_MESSAGE,
        });
      }
    }
    expect(PERMISSION_DENIED_MESSAGE).toBe('没有权限执行此操作');
    expect((await accounts()).find((row) => row.username === 'support')).toMatchObject({
      role: 'support',
      is_disabled: 0,
    });
  });

  it('creates an administrator who can sign in, checks each field, and audits it', async () => {
    expect((await create({ password: 'long-enough', role: 'content' })).message).toBe('请输入账号');
    expect((await create({ username: '中文名', password: 'long-enough', role: 'content' })).message).toBe(
      '账号须为 3-32 位字母、数字、下划线、点或短横线',
    );
    expect((await create({ username: 'editor', role: 'content' })).message).toBe('请输入密码');
    expect((await create({ username: 'editor', password: 'short', role: 'content' })).message).toBe(
      '密码至少 8 位',
    );
    expect((await create({ username: 'editor', password: 'long-enough', role: 'boss' })).message).toBe(
      '请选择角色',
    );
    expect((await create({ username: 'root', password: 'long-enough', role: 'content' })).message).toBe(
      '账号已存在',
    );

    const res = await create({
      username: 'editor',
      display_name: '小编',
      password: 'long-enough',
      role: 'content',
    });
    expect(res.code).toBe(0);
    const [row] = (await auditRows(t, 'administrator.create')).filter(
      (r) => r.target_id === String(res.data.id),
    );
    expect(row).toMatchObject({ administrator_name: 'root', after: { username: 'editor', role: 'content' } });
    expect(JSON.stringify(row.after)).not.toContain('long-enough');
    expect((await accounts()).find((a) => a.id === res.data.id)).toMatchObject({
      display_name: '小编',
      role: 'content',
      role_name: '内容运营',
      is_disabled: 0,
    });
    expect((await adminLogin(t, 'editor', 'long-enough')).body.code).toBe(0);
  });

  it('ends a disabled administrator’s sessions at once and lets them back in when enabled', async () => {
    const ops = await signedInAdmin(t, 'content', 'ops');
    const id = await idOf('ops');
    expect((await ops.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
    expect((await put(id, 'status', { is_disabled: 1 })).code).toBe(0);
    expect(await ops.request({ method: 'GET', url: '/api/admin/session' })).toMatchObject({
      code: 401,
      message: '请登录',
    });
    const open = await t.services.db
      .selectFrom('admin_sessions')
      .select('id')
      .where('administrator_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    const [row] = (await auditRows(t, 'administrator.disable')).filter((r) => r.target_id === String(id));
    expect(row).toMatchObject({ before: { is_disabled: 0 }, after: { is_disabled: 1 } });
    expect((await adminLogin(t, 'ops')).body.code).not.toBe(0);

    expect((await put(id, 'status', { is_disabled: 0 })).code).toBe(0);
    expect((await auditRows(t, 'administrator.enable')).map((r) => r.target_id)).toContain(String(id));
    expect((await adminLogin(t, 'ops')).body.code).toBe(0);
    expect((await put(id, 'status', { is_disabled: 2 })).message).toBe('状态须为 0 或 1');
    expect((await put(999_999, 'status', { is_disabled: 1 })).message).toBe('管理员不存在');
  });

  it('changes a role (audited, effective on the next request) and resets a password', async () => {
    const clerk = await signedInAdmin(t, 'finance', 'clerk');
    const id = await idOf('clerk');
    expect((await clerk.request({ method: 'GET', url: '/api/admin/courses' })).code).toBe(403);
    expect((await put(id, 'role', { role: 'content' })).code).toBe(0);
    expect((await clerk.request({ method: 'GET', url: '/api/admin/courses' })).code).toBe(0);
    const [row] = (await auditRows(t, 'administrator.role')).filter((r) => r.target_id === String(id));
    expect(row).toMatchObject({ before: { role: 'finance' }, after: { role: 'content' } });

    expect((await put(id, 'password', { password: 'short' })).message).toBe('密码至少 8 位');
    expect((await put(id, 'password', { password: 'brand-new-pass' })).code).toBe(0);
    expect((await clerk.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(401);
    expect((await adminLogin(t, 'clerk')).body.code).not.toBe(0);
    expect((await adminLogin(t, 'clerk', 'brand-new-pass')).body.code).toBe(0);
    const [reset] = (await auditRows(t, 'administrator.password_reset')).filter(
      (r) => r.target_id === String(id),
    );
    expect(reset).toMatchObject({ administrator_name: 'root', after: { username: 'clerk' } });
    expect(JSON.stringify(reset)).not.toContain('brand-new-pass');

    // Resetting one's own password keeps the session doing it.
    expect((await put(await idOf('root'), 'password', { password: 'correct-horse-9' })).code).toBe(0);
    expect((await root.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(0);
  });

  it('filters the audit log by administrator, action and China-time days', async () => {
    const list = async (query: string) =>
      root.request<{ data: AuditLogEntry[]; total: number }>({
        method: 'GET',
        url: `/api/admin/audit-logs?${query}`,
      });
    const byAction = await list('action=administrator.role');
    expect(byAction.data.total).toBeGreaterThan(0);
    expect(byAction.data.data.every((row) => row.action === 'administrator.role')).toBe(true);
    const byAdmin = await list('administrator=clerk');
    expect(byAdmin.data.data.length).toBeGreaterThan(0);
    expect(byAdmin.data.data.every((row) => row.administrator_name === 'clerk')).toBe(true);

    const old = new Date('2025-01-01T16:30:00Z'); // 2025-01-02 00:30 in China
    await t.services.db
      .insertInto('admin_audit_logs')
      .values({ administrator_id: null, administrator_name: 'cli', action: 'old.thing', created_at: old })
      .execute();
    expect((await list('action=old.thing&from=2025-01-02&to=2025-01-02')).data.total).toBe(1);
    expect((await list('action=old.thing&from=2025-01-01&to=2025-01-01')).data.total).toBe(0);
    expect((await list('action=old.thing&from=2025-01-03')).data.total).toBe(0);
    expect((await list('from=2025-1-2')).message).toBe('日期格式错误');
  });
  it('keeps at least one active 超级管理员 and never lets an administrator disable themselves', async () => {
    const rootId = await idOf('root');
    expect(await put(rootId, 'status', { is_disabled: 1 })).toMatchObject({
      code: 1,
      message: '不能停用自己的账号',
    });
    expect(await put(rootId, 'role', { role: 'content' })).toMatchObject({
      code: 1,
      message: '至少保留一名启用的超级管理员',
    });

    const second = await signedInAdmin(t, 'super', 'root2');
    const secondId = await idOf('root2');
    // With two, one may step down; then the other is the last and stays.
    expect((await put(secondId, 'role', { role: 'finance' }, second)).code).toBe(0);
    expect((await second.request({ method: 'GET', url: '/api/admin/administrators' })).code).toBe(403);
    expect((await put(secondId, 'role', { role: 'super' })).code).toBe(0);
    expect((await put(rootId, 'status', { is_disabled: 1 }, second)).code).toBe(0);
    expect(await put(secondId, 'role', { role: 'content' }, second)).toMatchObject({
      message: '至少保留一名启用的超级管理员',
    });
    expect((await put(rootId, 'status', { is_disabled: 0 }, second)).code).toBe(0);
    // root's sessions ended when it was disabled.
    expect((await root.request({ method: 'GET', url: '/api/admin/session' })).code).toBe(401);
    const listed = (await second.request<AdminAccount[]>({ method: 'GET', url: '/api/admin/administrators' }))
      .data;
    expect(
      listed
        .filter((a) => a.role === 'super' && a.is_disabled === 0)
        .map((a) => a.username)
        .sort(),
    ).toEqual(['root', 'root2']);
  });

  it('two 超级管理员 disabling each other at the same moment: one wins, one stays', async () => {
    const alpha = await signedInAdmin(t, 'super', 'alpha');
    const beta = await signedInAdmin(t, 'super', 'beta');
    const alphaId = await idOf('alpha', alpha);
    const betaId = await idOf('beta', alpha);
    for (const other of ['root', 'root2']) {
      expect((await put(await idOf(other, alpha), 'status', { is_disabled: 1 }, alpha)).code).toBe(0);
    }
    const answers = await Promise.all([
      put(betaId, 'status', { is_disabled: 1 }, alpha),
      put(alphaId, 'status', { is_disabled: 1 }, beta),
    ]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const active = await t.services.db
      .selectFrom('administrators')
      .select('username')
      .where('role', '=', 'super')
      .where('is_disabled', '=', 0)
      .execute();
    expect(active).toHaveLength(1);
  });
});
