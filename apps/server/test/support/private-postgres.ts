import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of one test's own, for the tests that stop and start the server: the
 * machine's shared PostgreSQL serves everybody else and must never be restarted. Built with the
 * server binaries of the machine's PostgreSQL (`/usr/lib/postgresql/<version>/bin`, or
 * `POSTGRES_BIN_DIR`); run as the `postgres` user when the tests run as root (PostgreSQL refuses
 * to run as root).
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

/** The folder holding `initdb` and `pg_ctl`, or null when this machine has no PostgreSQL server. */
export function postgresServerBinaries(): string | null {
  const candidates = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

/** uid/gid to run the server as: ourselves, or `postgres` when we are root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry || entry.length < 4)
    throw new Error('running as root needs a postgres user to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

export function createPrivatePostgres(binDir: string, port: number): PrivatePostgres {
  const user = serverUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-private-pg-'));
  const dataDir = path.join(root, 'data');
  if (user) fs.chownSync(root, user.uid, user.gid);
  const run = (command: string, args: string[]) => {
    const result = spawnSync(path.join(binDir, command), args, {
      encoding: 'utf8',
      cwd: root,
      timeout: 60_000,
      ...(user ?? {}),
    });
    if (result.status !== 0)
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--no-locale']);
  const options = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-k ${root}`,
    // Small: this is a test cluster on a shared machine.
    `-c shared_buffers=16MB`,
    `-c max_connections=30`,
    `-c fsync=off`,
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop('immediate');
      } catch {
        // Already stopped.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
