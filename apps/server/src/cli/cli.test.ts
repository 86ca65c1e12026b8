import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runCommand } from './run-command';
import { registerAdminEndpoint } from './admin-endpoint';
import { buildApp } from '../app';

describe('settings CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets and gets a setting, and the config endpoint shows it on the next request', async () => {
    expect(await runCommand(t.services, ['config:set', 'member.enabled_mobile_bind_alert', '1'])).toEqual({
      exitCode: 0,
      output: ['member.enabled_mobile_bind_alert = 1'],
    });
    expect(await runCommand(t.services, ['config:get', 'member.enabled_mobile_bind_alert'])).toEqual({
      exitCode: 0,
      output: ['1'],
    });
    const config = await t.request<any>({ method: 'GET', url: '/api/v2/other/config' });
    expect(config.data.member.enabled_mobile_bind_alert).toBe(1);
  });

  it('checks the type and the key, and exits non-zero on failure', async () => {
    expect(await runCommand(t.services, ['config:set', 'member.enabled_face_verify', 'maybe'])).toMatchObject(
      {
        exitCode: 1,
        output: ['member.enabled_face_verify must be true or false'],
      },
    );
    expect((await runCommand(t.services, ['config:get', 'nope'])).exitCode).toBe(1);
    expect((await runCommand(t.services, ['config:set', 'pc_url'])).output).toEqual([
      'Usage: config:set <key> <value>',
    ]);
    expect((await runCommand(t.services, ['no:such'])).exitCode).toBe(1);
  });

  it('lists every setting with its type', async () => {
    const { output } = await runCommand(t.services, ['config:list']);
    expect(output.some((line) => line.startsWith('socialites.qq (int) = "0"'))).toBe(true);
    expect(output.some((line) => line.startsWith('member.enabled_face_verify (bool)'))).toBe(true);
  });

  it('prints help for the tool and for each command', async () => {
    expect((await runCommand(undefined, ['--help'])).output.join('\n')).toContain('config:set <key> <value>');
    expect(await runCommand(undefined, ['config:get', '--help'])).toMatchObject({
      exitCode: 0,
      output: ['Usage: npm run cli -- config:get <key>', 'Print one site setting'],
    });
  });

  it('runs commands through the admin endpoint only for loopback callers with the token', async () => {
    const app = await buildApp(t.services, { logger: false });
    const { token } = registerAdminEndpoint(app);
    const call = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/internal/cli',
        remoteAddress,
        headers,
        payload: { argv: ['config:set', 'pc_url', 'https://pc.example.com'] },
      });
    expect((await call({ 'x-admin-token': 'wrong' })).statusCode).toBe(403);
    expect((await call({ 'x-admin-token': token }, '10.1.2.3')).statusCode).toBe(403);
    const ok = await call({ 'x-admin-token': token });
    expect(ok.json()).toEqual({ exitCode: 0, output: ['pc_url = https://pc.example.com'] });
    await app.close();
  });
});
