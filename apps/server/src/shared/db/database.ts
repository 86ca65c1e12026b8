import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs `work` while holding a PostgreSQL session advisory lock (one holder across all nodes). */
  withAdvisoryLock<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  /** Tries the lock without waiting; `undefined` when another node holds it. */
  tryWithAdvisoryLock<T>(lockId: number, work: () => Promise<T>): Promise<T | undefined>;
  /** Connection pool figures for /metrics (PostgreSQL only; PGlite has one in-process connection). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole database (see `pgliteTemplate`). */
  dumpPGlite?(): Promise<Blob>;
}

// int8 (COUNT, SUM, bigserial) as JS numbers: every id and amount here stays far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite files; `'memory'` keeps the database in memory (tests). */
  pgliteDir?: string;
  /** A `dumpDataDir()` tarball to start from instead of an empty cluster (tests reuse a migrated one). */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPGlite(options.pgliteDir, options.pgliteTemplate);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    exec: (sqlText) =>
      withClient(async (client) => {
        try {
          await client.query(sqlText);
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      }),
    withAdvisoryLock: (lockId, work) =>
      withClient(async (client) => {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]);
        }
      }),
    tryWithAdvisoryLock: (lockId, work) =>
      withClient(async (client) => {
        const { rows } = await client.query('select pg_try_advisory_lock($1) as locked', [lockId]);
        if (!rows[0].locked) return undefined;
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]);
        }
      }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => db.destroy(),
  };
}

async function openPGlite(dir = 'memory', template?: Blob): Promise<DatabaseHandle> {
  // Loaded here, so a node on PostgreSQL never loads the embedded database.
  const [{ PGlite, types: pgliteTypes }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const dataDir = dir === 'memory' ? undefined : dir;
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: template,
    // pg_trgm: course search (migration 0010).
    extensions: { pg_trgm },
    parsers: { [pgliteTypes.INT8]: (value: string) => Number(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // PGlite serves one process, so a lock only has to order work inside this process.
  let lockQueue: Promise<unknown> = Promise.resolve();
  const inProcessLock = <T>(work: () => Promise<T>) => {
    const run = lockQueue.then(work, work);
    lockQueue = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    kind: 'pglite',
    dumpPGlite: () => pglite.dumpDataDir('none'),
    exec: async (sqlText) => {
      try {
        await pglite.exec(sqlText);
      } catch (error) {
        await pglite.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
    withAdvisoryLock: (_lockId, work) => inProcessLock(work),
    tryWithAdvisoryLock: (_lockId, work) => inProcessLock(work),
    close: () => db.destroy(),
  };
}
