import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// How `npm start` chooses development or production (scripts/lib.mjs), and what the server does
// when development is asked for on a network address.
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The environment `npm start` would hand the server for these variables. */
function developerEnv(source: Record<string, string>): Record<string, string> {
  const script =
    "import('./scripts/lib.mjs').then((lib) => process.stdout.write(JSON.stringify(lib.developerEnv(JSON.parse(process.argv[1])))))";
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script, JSON.stringify(source)], { cwd: ROOT, encoding: 'utf8' }),
  );
}

/** Starts the server as `npm start` does and waits for it to exit or listen. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-start-'));
  const { KEZHAN_DEV: _dev, NODE_ENV: _node, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, DATABASE_URL: '', REDIS_URL: '', PORT: '0', DATA_DIR: dataDir, ...env },
  });
  let output = '';
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Kezhan listening')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('npm start: development only when NODE_ENV is unset or development', () => {
  it('asks for development without NODE_ENV or with NODE_ENV=development', () => {
    expect(developerEnv({}).KEZHAN_DEV).toBe('1');
    expect(developerEnv({ NODE_ENV: 'development' }).KEZHAN_DEV).toBe('1');
  });

  it('starts production for any other NODE_ENV, a misspelt one included', () => {
    for (const NODE_ENV of ['production', 'prod', 'staging', 'test', 'Production']) {
      expect(developerEnv({ NODE_ENV }).KEZHAN_DEV, NODE_ENV).toBeUndefined();
    }
  });

  it('leaves an explicit KEZHAN_DEV alone', () => {
    expect(developerEnv({ KEZHAN_DEV: '0' }).KEZHAN_DEV).toBe('0');
  });

  it('NODE_ENV=prod HOST=0.0.0.0 npm start runs production, which refuses to start without its secrets', async () => {
    const { code, output } = await startServer(developerEnv({ NODE_ENV: 'prod', HOST: '0.0.0.0' }));
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start in production: JWT_SECRET must be set');
    expect(output).not.toContain('Kezhan listening');
    expect(output).not.toContain('kezhan123');
  }, 60_000);

  it('refuses development on a network address before opening anything, with the reason', async () => {
    const { code, output } = await startServer({ KEZHAN_DEV: '1', HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Refusing to start in development mode on HOST=0.0.0.0: development (demo member, console admin / kezhan123, simulated payment and social login) listens on a loopback address only (127.0.0.1, ::1, localhost). A node other machines reach runs in production: NODE_ENV=production with its secrets (docs/deploy.md).',
    );
  }, 60_000);
});
