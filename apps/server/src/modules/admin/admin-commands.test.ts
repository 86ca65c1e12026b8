import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../kernel/command';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminCommands } from './commands';
import { DEMO_ADMIN, seedDemoAdministrator } from './demo-seed';
import { adminLogin, auditRows } from '../../../test/support/admin';

const adminCreate = adminCommands.find((command) => command.name === 'admin:create')!;

describe('admin:create and the demo administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds admin / kezhan123 only while there is no administrator', async () => {
    expect(await seedDemoAdministrator(t.services)).toBe(true);
    expect((await adminLogin(t, DEMO_ADMIN.username, DEMO_ADMIN.password)).body).toMatchObject({
      code: 0,
      data: { administrator: { role: 'super', role_name: '超级管理员' } },
    });
    expect(await seedDemoAdministrator(t.services)).toBe(false);
  });

  it('creates an administrator with a generated password, printed once, and audits it', async () => {
    const lines: string[] = [];
    await adminCreate.run(t.services, ['finance-lead', 'finance'], { line: (text) => lines.push(text) });
    expect(lines[0]).toMatch(/^administrator #\d+ finance-lead \(财务\) created$/);
    const password = /^password: (\S{16})$/.exec(lines[1])?.[1];
    expect(password).toBeDefined();
    expect((await adminLogin(t, 'finance-lead', password)).body).toMatchObject({
      code: 0,
      data: { administrator: { role: 'finance' } },
    });
    const [row] = await auditRows(t, 'administrator.create');
    expect(row).toMatchObject({ administrator_name: 'cli', target_type: 'administrator' });
    expect(row.after).toEqual({ username: 'finance-lead', role: 'finance' });
    const stored = await t.services.db
      .selectFrom('administrators')
      .select('password')
      .where('username', '=', 'finance-lead')
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^scrypt\$/);
  });

  it('refuses an unknown role, a taken name and a bad name', async () => {
    const out = { line: () => undefined };
    await expect(adminCreate.run(t.services, ['someone', 'owner'], out)).rejects.toThrow(CommandError);
    await expect(adminCreate.run(t.services, ['admin'], out)).rejects.toThrow('账号已存在');
    await expect(adminCreate.run(t.services, ['a b'], out)).rejects.toThrow(
      '账号须为 3-32 位字母、数字、下划线、点或短横线',
    );
    await expect(adminCreate.run(t.services, [], out)).rejects.toThrow('Usage: admin:create');
  });
});
