import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_COMMANDS, JOBS, LOGIN_HOOKS, MODULES } from './registry';

describe('feature modules', () => {
  it('claim every migration file, each exactly once', () => {
    const dir = path.resolve(import.meta.dirname, '../shared/db/migrations');
    const files = fs.readdirSync(dir).filter((name) => name.endsWith('.sql'));
    const claimed = MODULES.flatMap((module) => module.migrations ?? []);
    expect([...claimed].sort()).toEqual([...files].sort());
  });

  it('build the command, job and login-hook lists, with unique names and lock ids', () => {
    expect(new Set(MODULES.map((module) => module.name)).size).toBe(MODULES.length);
    expect(new Set(CLI_COMMANDS.map((command) => command.name)).size).toBe(CLI_COMMANDS.length);
    expect(new Set(JOBS.map((job) => job.name)).size).toBe(JOBS.length);
    expect(new Set(JOBS.map((job) => job.lockId)).size).toBe(JOBS.length);
    expect(JOBS.map((job) => job.name).sort()).toEqual([
      'execute-account-deletions',
      'expire-unpaid-orders',
      'media-transcode',
      'member-imports',
      'message-broadcasts',
      'purge-expired-records',
      'resend-automatic-refunds',
    ]);
    expect(LOGIN_HOOKS).toHaveLength(1);
  });
});
