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

/** SQLSTATEs of a database that is not there: connection exceptions, shutting down or starting up. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
/** The driver's own words for a connection that broke or never came (they carry no SQLSTATE). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * Whether an error means PostgreSQL could not be reached (stopped, restarting, failing over)
 * rather than that a statement was wrong: answered 503 and retried by the client, while the pool
 * opens fresh connections once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
    return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((words) => error.message.startsWith(words));
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  // A server that does not answer a connection attempt (a host gone, a failover) fails the request
  // after 5 s instead of holding it until the client gives up.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  // A client checked out when the server goes away (inside a transaction, or holding an advisory
  // lock between queries) has no listener of the pool's: without this one its 'error' event would
  // end the process. Its next query fails instead (answered 503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
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
