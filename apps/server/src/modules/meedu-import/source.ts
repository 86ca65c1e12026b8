import type { Connection } from 'mysql2/promise';
import { CommandError } from '../../kernel/command';

export type Row = Record<string, unknown>;
export type Generation = '2024' | '2026';

/** A MeEdu database, read only. Timestamps come back as the naive strings MeEdu wrote. */
export interface MeeduSource {
  generation: Generation;
  /** Table name → its columns. */
  tables: Map<string, Set<string>>;
  has(table: string, column?: string): boolean;
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** Tables every MeEdu of 2024 or later has; their absence means this is not MeEdu. */
const MEEDU_TABLES = ['users', 'courses', 'videos', 'orders', 'order_goods', 'roles', 'app_config'];
/** What the 2024 state already had; an older MeEdu lacks one of them. */
const SINCE_2024: [string, string][] = [
  ['order_refund', 'refund_no'],
  ['user_login_records', 'jti'],
  ['orders', 'order_id'],
  ['user_video', 'video_id'],
  ['order_paid_records', 'paid_type'],
  ['videos', 'free_seconds'],
];

function connectionMessage(error: { code?: string; message?: string }, url: URL): string {
  const where = `${url.hostname}:${url.port || 3306}`;
  switch (error.code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return `无法登录 MeEdu 数据库 ${where}：用户名或密码错误 (access denied)`;
    case 'ER_BAD_DB_ERROR':
      return `MeEdu 数据库 ${decodeURIComponent(url.pathname.slice(1))} 不存在 (${where})`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `无法连接 MeEdu 数据库 ${where} (${error.code})：请检查主机和端口`;
    default:
      return `无法连接 MeEdu 数据库 ${where}：${error.message ?? error.code}`;
  }
}

export function parseSourceUrl(value: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new CommandError('--source 应为 mysql://用户:密码@主机:端口/数据库');
  }
  if (url.protocol !== 'mysql:' || !url.hostname || url.pathname.length < 2)
    throw new CommandError('--source 应为 mysql://用户:密码@主机:端口/数据库');
  return url;
}

/** `mysql://host:port/db`: which MeEdu database a move came from (no user, no password). */
export const sourceName = (url: URL): string =>
  `mysql://${url.hostname}:${url.port || 3306}${decodeURIComponent(url.pathname)}`;

export async function openSource(url: URL): Promise<MeeduSource> {
  // Loaded here: only migrate:meedu reads MySQL, and mysql2 costs every node ~17 MB at start.
  const { default: mysql } = await import('mysql2/promise');
  let connection: Connection;
  try {
    connection = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.slice(1)),
      charset: 'utf8mb4',
      // MeEdu writes naive PRC wall-clock strings: read them as text and add +08:00 ourselves.
      dateStrings: true,
      supportBigNumbers: true,
      connectTimeout: 10_000,
    });
  } catch (error) {
    throw new CommandError(connectionMessage(error as { code?: string }, url));
  }
  try {
    const [columns] = await connection.query(
      'select table_name as t, column_name as c from information_schema.columns where table_schema = database()',
    );
    const tables = new Map<string, Set<string>>();
    for (const { t, c } of columns as { t: string; c: string }[]) {
      if (!tables.has(t)) tables.set(t, new Set());
      tables.get(t)!.add(c);
    }
    const has = (table: string, column?: string) =>
      tables.has(table) && (column === undefined || tables.get(table)!.has(column));
    const missing = MEEDU_TABLES.filter((table) => !has(table));
    if (missing.length > 0)
      throw new CommandError(`这不是 MeEdu 数据库：缺少数据表 ${missing.join(', ')} (not a MeEdu database)`);
    const older = SINCE_2024.filter(([table, column]) => !has(table, column));
    if (older.length > 0)
      throw new CommandError(
        `无法识别的 MeEdu 版本：缺少 ${older.map(([t, c]) => `${t}.${c}`).join(', ')}；请先把 MeEdu 升级到 2024 年或更新的版本 (unknown MeEdu generation)`,
      );
    // The threaded comments of v4.9.22 (2025-02) are what tells the two generations apart.
    const generation: Generation = has('comments', 'parent_id') ? '2026' : '2024';
    return {
      generation,
      tables,
      has,
      async query(sql, params = []) {
        const [rows] = await connection.query(sql, params);
        return rows as Row[];
      },
      close: () => connection.end(),
    };
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
}
