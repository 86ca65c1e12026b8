/**
 * `migrate:meedu --since <time>`: the cut-over pass. After a first full move (MeEdu still open),
 * MeEdu is frozen for a few minutes and a second run re-reads only the rows changed since the
 * first run started (inserted or updated, judged by `created_at`/`updated_at`, and for orders
 * also their new payments and refunds), writes them over the moved ones, and deletes what MeEdu
 * soft-deleted in the meantime. Rows MeEdu deletes outright leave no trace and cannot be seen.
 */
import { CommandError } from '../../kernel/command';
import type { MeeduSource } from './source';
import type { Step, StepContext } from './steps';

/**
 * `2026-11-27T14:00:00Z` or with an offset; a time without a zone (`2026-11-27 22:00:00`) is
 * MeEdu's own wall clock (PRC, +08:00), as its tables write it.
 */
export function parseSince(value: string): Date {
  const trimmed = value.trim();
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(trimmed);
  const date = new Date(hasZone ? trimmed : `${trimmed.replace(' ', 'T')}+08:00`);
  if (!/^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(trimmed) || Number.isNaN(date.getTime()))
    throw new CommandError('--since 应为时间，例如 2026-11-27T14:00:00Z 或 2026-11-27 22:00:00（北京时间）');
  return date;
}

/** The instant as MeEdu's naive PRC wall-clock string, for comparing with its columns. */
export function meeduTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The alias a step's select gives its MeEdu table (`from users u` → `u`): the outer query's, last. */
function alias(step: Step): string {
  const matches = [...step.select.matchAll(new RegExp(`from ${step.source} (\\w+)`, 'g'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`step ${step.name}: no alias for ${step.source}`);
  return last[1];
}

/** The time columns of the step's table that tell a change. */
function timeColumns(step: Step, source: MeeduSource): string[] {
  return ['updated_at', 'created_at'].filter((column) => source.has(step.source, column));
}

/**
 * The condition (and its parameters) that picks the rows changed since `since`: in `where` for a
 * row-per-row step, in `having` for a grouped one (a group is rewritten whole when one of its
 * rows changed, so that its merge stays right).
 */
export function changedCondition(
  step: Step,
  source: MeeduSource,
  since: string,
): { where?: string; having?: string; params: unknown[] } {
  if (step.since?.changed) {
    const condition = step.since.changed;
    const params = Array.from({ length: condition.split('?').length - 1 }, () => since);
    return step.groupBy ? { having: condition, params } : { where: condition, params };
  }
  const a = alias(step);
  const columns = timeColumns(step, source);
  // A table without time columns (a few small ones) is read whole: its rows are written over.
  if (columns.length === 0) return { params: [] };
  const parts = columns.map((column) => (step.groupBy ? `max(${a}.${column}) >= ?` : `${a}.${column} >= ?`));
  return { [step.groupBy ? 'having' : 'where']: parts.join(' or '), params: columns.map(() => since) };
}

/**
 * MeEdu's soft deletes since `since`, as the Kezhan keys to delete. A grouped step's row goes only
 * when none of its group is left.
 */
export function deletedQuery(
  step: Step,
  source: MeeduSource,
  since: string,
  ctx: Pick<StepContext, 'videoCommentOffset'>,
): { sql: string; params: unknown[] } | null {
  if (!source.has(step.source, 'deleted_at') || !step.where?.includes('deleted_at is null')) return null;
  const a = alias(step);
  const keys = conflictColumns(step.into);
  if (step.since?.deletedKeys) {
    const { select, params } = step.since.deletedKeys(ctx);
    return {
      sql: `${select} from ${step.source} ${a} where ${a}.deleted_at >= ?`,
      params: [...params, since],
    };
  }
  if (step.groupBy) {
    const group = step.groupBy.split(',').map((column) => column.trim());
    const same = group.map((column) => `d.${column.split('.')[1]} = ${column}`).join(' and ');
    return {
      sql: `select distinct ${group.map((column, i) => `${column} ${keys[i]}`).join(', ')} from ${step.source} ${a}
        where ${a}.deleted_at >= ? and not exists (select 1 from ${step.source} d where ${same} and d.deleted_at is null)`,
      params: [since],
    };
  }
  const column = keys[0] === 'id' ? 'id' : keys[0];
  return {
    sql: `select ${a}.${column} ${keys[0]} from ${step.source} ${a} where ${a}.deleted_at >= ?`,
    params: [since],
  };
}

/** The Kezhan columns a moved row is found again by. */
export function conflictColumns(into: string): string[] {
  switch (into) {
    case 'user_profiles':
      return ['user_id'];
    case 'video_vod_sources':
      return ['video_id'];
    case 'user_courses':
    case 'course_learn_records':
    case 'course_likes':
      return ['user_id', 'course_id'];
    case 'user_videos':
    case 'video_watch_records':
      return ['user_id', 'video_id'];
    case 'promo_code_uses':
      return ['order_id'];
    default:
      return ['id'];
  }
}
