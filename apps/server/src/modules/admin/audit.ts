import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@kezhan/contract/admin/audit-actions';
import type { AuditLogEntry, AuditLogFilter } from '@kezhan/contract/admin/session';
import type { Db } from '../../shared/db/database';
import { adminSessionOf } from './guard';

export interface AuditChange {
  /** A key of AUDIT_ACTION_LABELS: the console shows every action by its Chinese name. */
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditActor {
  id: number | null;
  name: string;
  ip: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeAudit(db: Db, actor: AuditActor, change: AuditChange, now: Date): Promise<void> {
  await db
    .insertInto('admin_audit_logs')
    .values({
      administrator_id: actor.id,
      administrator_name: actor.name,
      action: change.action,
      target_type: change.targetType ?? '',
      target_id: change.targetId === undefined ? '' : String(change.targetId),
      before: json(change.before),
      after: json(change.after),
      ip: actor.ip,
      created_at: now,
    })
    .execute();
}

/** The administrator behind an admin route's request, as the audit log names them. */
export function actorOf(request: FastifyRequest): AuditActor {
  const { administrator } = adminSessionOf(request);
  return { id: administrator.id, name: administrator.username, ip: request.ip };
}

/** Audit row for a change made through the console. */
export const audit = (db: Db, request: FastifyRequest, change: AuditChange) =>
  writeAudit(db, actorOf(request), change, request.server.services.now());

/** Midnight in China (UTC+8) of a `YYYY-MM-DD` day, `plusDays` later. */
const chinaDayStart = (day: string, plusDays: number) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);

export async function listAuditLogs(
  db: Db,
  query: AuditLogFilter,
): Promise<{ data: AuditLogEntry[]; total: number }> {
  let base = db.selectFrom('admin_audit_logs');
  if (query.action) base = base.where('action', '=', query.action);
  if (query.administrator) base = base.where('administrator_name', '=', query.administrator);
  if (query.from) base = base.where('created_at', '>=', chinaDayStart(query.from, 0));
  if (query.to) base = base.where('created_at', '<', chinaDayStart(query.to, 1));
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    total: Number(total),
    data: rows.map((row) => ({
      id: Number(row.id),
      administrator_id: row.administrator_id,
      administrator_name: row.administrator_name,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}
