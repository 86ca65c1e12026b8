import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminSessionEntry } from '@kezhan/contract/admin/security';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';
import type { AdministratorRow } from './administrators';
import { storedPermissions, type SessionRole } from './roles';

/** A session ends 12 hours after login, or after 2 hours without a request. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OpenedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function openSession(
  db: Db,
  administratorId: number,
  client: { ip: string; userAgent: string },
  now: Date,
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db
    .insertInto('admin_sessions')
    .values({
      id: sessionId(token),
      administrator_id: administratorId,
      csrf_token: csrfToken,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 255),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, csrfToken, expiresAt };
}

export interface ActiveSession {
  id: string;
  csrfToken: string;
  administrator: AdministratorRow;
  role: SessionRole;
}

/**
 * The live session behind a cookie token: not revoked, not expired, not idle too long, and its
 * administrator not disabled — with what the administrator's role grants, joined in the same
 * query. Read from the database on every request (one round trip, as before roles were data), so
 * a revocation, a new role or a role's new permissions are seen by every node at once, with no
 * cache to invalidate.
 */
export async function findActiveSession(db: Db, token: string, now: Date): Promise<ActiveSession | null> {
  const id = sessionId(token);
  const row = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('administrators as a', 'a.id', 's.administrator_id')
    .leftJoin('admin_roles as r', 'r.key', 'a.role')
    .selectAll('a')
    .select([
      'r.name as role_name',
      'r.permissions as role_permissions',
      's.csrf_token as session_csrf_token',
      's.expires_at as session_expires_at',
      's.last_seen_at as session_last_seen_at',
      's.revoked_at as session_revoked_at',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row || row.session_revoked_at || row.is_disabled === 1) return null;
  const lastSeen = new Date(row.session_last_seen_at).getTime();
  if (new Date(row.session_expires_at).getTime() <= now.getTime()) return null;
  if (lastSeen + SESSION_IDLE_MS <= now.getTime()) return null;
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db.updateTable('admin_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  const {
    session_csrf_token: csrfToken,
    session_expires_at: _expires,
    session_last_seen_at: _seen,
    session_revoked_at: _revoked,
    role_name: roleName,
    role_permissions: rolePermissions,
    ...administrator
  } = row;
  const role: SessionRole = {
    name: roleName ?? '',
    permissions: new Set(storedPermissions({ permissions: rolePermissions })),
  };
  return { id, csrfToken, administrator, role };
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an administrator but `keep`; answers how many ended. */
export async function revokeSessionsOf(
  db: Db,
  administratorId: number,
  now: Date,
  keep?: string,
): Promise<number> {
  let update = db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('administrator_id', '=', administratorId)
    .where('revoked_at', 'is', null);
  if (keep) update = update.where('id', '<>', keep);
  const rows = await update.returning('id').execute();
  return rows.length;
}

/** The sessions of an administrator that would still be let in, newest first. */
export async function listLiveSessions(
  db: Db,
  administratorId: number,
  now: Date,
  currentId: string,
): Promise<AdminSessionEntry[]> {
  const rows = await db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('administrator_id', '=', administratorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created_at: isoTimestamp(row.created_at)!,
    last_seen_at: isoTimestamp(row.last_seen_at)!,
    ip: row.ip,
    user_agent: row.user_agent,
    current: row.id === currentId,
  }));
}

/** Ends one live session of an administrator; false when there is no such session. */
export async function revokeSessionOf(
  db: Db,
  administratorId: number,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('administrator_id', '=', administratorId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Compares the CSRF header with the session's token in constant time. */
export function csrfMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
