import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeeduFixture, type MeeduFixture } from './support/meedu-fixture';
import { REPO_ROOT, sleep } from './support/server-process';
import { createTestApp, usingPostgres, type TestApp } from './test-app';

/**
 * A MeEdu migration killed in the middle of a batch (SIGKILL: the process holds the batch's
 * transaction open, its rows written but not committed) and run again: the second run resumes
 * after the last committed batch, writes every row exactly once and its verification equals
 * MeEdu's figures. The migration runs as the operator runs it, `npm run cli -- migrate:meedu`, in a
 * process of its own; like the other migration tests it needs the machine's MariaDB.
 */
describe.runIf(usingPostgres)('a MeEdu migration killed mid-batch', () => {
  let fixture: MeeduFixture;
  let t: TestApp;
  let db: pg.Pool;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-faults-meedu-'));

  beforeAll(async () => {
    fixture = await createMeeduFixture('2024');
    // An empty, migrated Kezhan database: the migration's target.
    t = await createTestApp();
    db = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await t?.close();
    await fixture?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `migrate:meedu` in a process of its own (the command line the operator types). */
  function migrateProcess() {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/main.ts',
        'migrate:meedu',
        '--source',
        fixture.url,
        '--batch',
        '1',
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          KEZHAN_DEV: '1',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: t.databaseUrl!,
          REDIS_URL: '',
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    return { child, output, exited };
  }

  const rows = async <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await db.query(text, values)).rows as T[];

  it('resumes after the last committed batch: nothing duplicated, nothing lost, verification equal', async () => {
    const meeduUsers = ((await fixture.query('select id from users order by id')) as { id: number }[]).map(
      (row) => row.id,
    );
    expect(meeduUsers.length).toBeGreaterThanOrEqual(3);

    // The member of the second batch is held by another transaction: the migration commits the
    // first batch, writes the second inside its transaction and waits there on the held id.
    const blocker = await db.connect();
    const killedRun = migrateProcess();
    try {
      await blocker.query('begin');
      await blocker.query(
        `insert into users (id, mobile, nick_name, password, created_at) values ($1, '19999999999', '占位', '', now())`,
        [meeduUsers[1]],
      );
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [progress] = await rows(
          `select rows_read, done from meedu_import_progress where step = 'users'`,
        );
        const waiting = await rows(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (progress?.rows_read === 1 && waiting[0].n > 0) break;
        if (killedRun.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the migration never reached its second batch:\n${killedRun.output.join('\n')}`);
        await sleep(50);
      }
      killedRun.child.kill('SIGKILL');
      expect(await killedRun.exited).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    // Exactly the committed batch is there, and the progress names it.
    expect(await rows('select id from users order by id')).toEqual([{ id: meeduUsers[0] }]);
    expect(
      await rows(`select last_key, rows_read, written, done from meedu_import_progress where step = 'users'`),
    ).toEqual([{ last_key: JSON.stringify([meeduUsers[0]]), rows_read: 1, written: 1, done: 0 }]);

    // The operator runs the same command again.
    const rerun = migrateProcess();
    expect(await rerun.exited, rerun.output.join('\n')).toEqual({ code: 0, signal: null });
    const report = rerun.output.join('\n');
    expect(report).toContain('MeEdu 2024 → 课栈（从上次中断处继续）');
    expect(report).toContain('users → users | 3 | 3 | 0 | 0');
    expect(report).toContain('迁移完成，核对一致。');
    expect(report).not.toContain('不一致');

    expect((await rows('select id from users order by id')).map((row) => row.id)).toEqual(meeduUsers);
    // No row of any migrated table twice: every id is MeEdu's own, each once.
    for (const table of ['users', 'courses', 'videos', 'orders', 'order_goods', 'promo_codes']) {
      const [counts] = await rows(`select count(*)::int as n, count(distinct id)::int as ids from ${table}`);
      expect(counts.n, table).toBe(counts.ids);
    }
    expect(
      await rows(
        'select user_id, course_id, count(*)::int as n from user_courses group by 1, 2 having count(*) > 1',
      ),
    ).toEqual([]);
    // A third run is refused: the school is in.
    const third = migrateProcess();
    expect((await third.exited).code).not.toBe(0);
    expect(third.output.join('\n')).toContain('这个课栈数据库已经完成过 MeEdu 迁移');
  }, 180_000);
});
