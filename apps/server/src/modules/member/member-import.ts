import { sql } from 'kysely';
import type { AdminMemberImport } from '@kezhan/contract/admin/member-imports';
import { hashPassword } from '../../shared/auth/passwords';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import type { AuditActor } from '../admin/audit';
import type { SheetRows } from './import-file';
import { checkImportRows } from './import-rows';
import { insertOperatorMember, newMemberDefaults } from './member-create';

export const IMPORT_NOT_FOUND = '导入记录不存在';
export const IMPORT_ALREADY_COMMITTED = '该导入已提交，请勿重复提交';
export const IMPORT_NOTHING_VALID = '没有可导入的行，请修改文件后重新上传';

/** Problem rows answered with an import (the rest are counted only). */
const PROBLEMS_SHOWN = 1000;
/** Rows per transaction of the job: each batch moves `last_row` with its members. */
export const IMPORT_BATCH = 250;
/** Passwords hashed at once (scrypt runs on libuv's thread pool). */
const HASH_CONCURRENCY = 4;

/** Stores the checked rows of an uploaded file as a preview; nothing is created yet. */
export async function previewImport(
  db: Db,
  fileName: string,
  sheet: SheetRows,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  const rows = await checkImportRows(db, sheet);
  const invalid = rows.filter((row) => row.error).length;
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('member_imports')
      .values({
        file_name: fileName.slice(0, 200),
        total: rows.length,
        valid: rows.length - invalid,
        invalid,
        administrator_id: actor.id,
        administrator_name: actor.name,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('member_import_rows')
        .values(
          rows.slice(start, start + 1000).map((row) => ({
            ...row,
            // A refused row is never imported: its password is not kept at all.
            password: row.error ? '' : row.password,
            import_id: created.id,
          })),
        )
        .execute();
    }
    return created.id;
  });
}

export async function importDetail(db: Db, id: number): Promise<AdminMemberImport> {
  const found = await db.selectFrom('member_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!found) throw new BusinessError(IMPORT_NOT_FOUND);
  const problems = await db
    .selectFrom('member_import_rows')
    .select(['row_number', 'mobile', 'error', 'outcome'])
    .where('import_id', '=', id)
    .where((eb) => eb.or([eb('error', '!=', ''), eb('outcome', 'like', 'skipped%')]))
    .orderBy('row_number')
    .limit(PROBLEMS_SHOWN)
    .execute();
  return {
    id: found.id,
    file_name: found.file_name,
    state: found.state,
    total: found.total,
    valid: found.valid,
    invalid: found.invalid,
    imported: found.imported,
    skipped: found.skipped,
    administrator_name: found.administrator_name,
    created_at: new Date(found.created_at).toISOString(),
    finished_at: found.finished_at ? new Date(found.finished_at).toISOString() : null,
    problems: problems.map((row) => ({
      row: row.row_number,
      mobile: row.mobile,
      // A skipped row's outcome is `skipped:<reason>`.
      message: row.error || row.outcome.replace(/^skipped:/, ''),
    })),
  };
}

/**
 * The operator's go: a previewed import is queued for the member-imports job, once (a second
 * commit, from another tab or node, is refused because the state is checked in the update).
 */
/** The accepted rows of an import that give courses or VIP days (which need member.grant). */
export async function rowsGivingGoods(db: Db, id: number): Promise<number> {
  const { count } = await db
    .selectFrom('member_import_rows')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('import_id', '=', id)
    .where('error', '=', '')
    .where((eb) => eb.or([eb('role_id', 'is not', null), sql<boolean>`cardinality(course_ids) > 0`]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A preview nobody commits is dropped after a day: its rows hold the passwords typed into the
 * file, which must not stay in the database for an import that never happens.
 */
export const STALE_PREVIEW_HOURS = 24;

export async function dropStalePreviews(db: Db, now: Date): Promise<number> {
  const dropped = await db
    .deleteFrom('member_imports')
    .where('state', '=', 'previewed')
    .where('created_at', '<', new Date(now.getTime() - STALE_PREVIEW_HOURS * 3_600_000))
    .executeTakeFirst();
  return Number(dropped.numDeletedRows);
}

export async function commitImport(trx: Db, id: number, now: Date) {
  const queued = await trx
    .updateTable('member_imports')
    .set({ state: 'queued', committed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'previewed')
    .where('valid', '>', 0)
    .returning(['file_name', 'valid', 'invalid'])
    .executeTakeFirst();
  if (queued) return queued;
  const found = await trx
    .selectFrom('member_imports')
    .select(['state'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw new BusinessError(IMPORT_NOT_FOUND);
  throw new BusinessError(found.state === 'previewed' ? IMPORT_NOTHING_VALID : IMPORT_ALREADY_COMMITTED);
}

type PendingRow = {
  row_number: number;
  mobile: string;
  nick_name: string;
  password: string;
  course_ids: number[];
  role_id: number | null;
  vip_days: number | null;
};

async function hashPasswords(rows: PendingRow[]): Promise<Map<number, string>> {
  const hashes = new Map<number, string>();
  const withPassword = rows.filter((row) => row.password);
  for (let start = 0; start < withPassword.length; start += HASH_CONCURRENCY) {
    const slice = withPassword.slice(start, start + HASH_CONCURRENCY);
    const hashed = await Promise.all(slice.map((row) => hashPassword(row.password)));
    slice.forEach((row, index) => hashes.set(row.row_number, hashed[index]));
  }
  return hashes;
}

/**
 * Imports one batch of the oldest queued or running import, in one transaction with the import's
 * `last_row` and counters: the batch is the accepted rows after `last_row`, and the transaction
 * first re-reads the import `for update` and gives up if `last_row` moved (another node's run got
 * there first), so no row is imported twice and a stopped run resumes after its last batch. A row
 * whose mobile or nickname a member took since the preview is skipped with the reason. Answers
 * false when there was nothing to do.
 */
async function importNextBatch(db: Db, settings: SettingsSnapshot, now: Date): Promise<boolean> {
  const pending = await db
    .selectFrom('member_imports')
    .select(['id', 'last_row'])
    .where('state', 'in', ['queued', 'running'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!pending) return false;
  const rows = await db
    .selectFrom('member_import_rows')
    .select(['row_number', 'mobile', 'nick_name', 'password', 'course_ids', 'role_id', 'vip_days'])
    .where('import_id', '=', pending.id)
    .where('row_number', '>', pending.last_row)
    .where('error', '=', '')
    .orderBy('row_number')
    .limit(IMPORT_BATCH)
    .execute();
  const hashes = await hashPasswords(rows);
  const defaults = newMemberDefaults(settings);
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .selectFrom('member_imports')
      .select('id')
      .where('id', '=', pending.id)
      .where('last_row', '=', pending.last_row)
      .where('state', 'in', ['queued', 'running'])
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!claimed) return;
    let imported = 0;
    let skipped = 0;
    for (const row of rows) {
      const outcome = await insertOperatorMember(
        trx,
        defaults,
        {
          mobile: row.mobile,
          nickName: row.nick_name || undefined,
          passwordHash: hashes.get(row.row_number),
          courseIds: row.course_ids,
          roleId: row.role_id ?? undefined,
          vipDays: row.vip_days ?? undefined,
        },
        now,
      );
      if ('id' in outcome) imported += 1;
      else skipped += 1;
      await trx
        .updateTable('member_import_rows')
        .set({
          outcome: 'id' in outcome ? 'imported' : `skipped:${outcome.taken}`,
          user_id: 'id' in outcome ? outcome.id : null,
          // The password has done its work: it never stays in the database.
          password: '',
        })
        .where('import_id', '=', pending.id)
        .where('row_number', '=', row.row_number)
        .execute();
    }
    const finished = rows.length < IMPORT_BATCH;
    await trx
      .updateTable('member_imports')
      .set({
        state: finished ? 'done' : 'running',
        imported: sql<number>`imported + ${imported}`,
        skipped: sql<number>`skipped + ${skipped}`,
        last_row: rows.length ? rows[rows.length - 1].row_number : pending.last_row,
        finished_at: finished ? now : null,
      })
      .where('id', '=', pending.id)
      .execute();
  });
  return true;
}

/**
 * The member-imports job: works through queued imports batch by batch until none is left, or
 * until `budgetMs` has passed or `maxBatches` are done (the next run goes on from there).
 */
export async function runMemberImports(
  db: Db,
  settings: { snapshot(): Promise<SettingsSnapshot> },
  now: () => Date,
  limits: { budgetMs?: number; maxBatches?: number } = {},
) {
  const { budgetMs = 50_000, maxBatches = Number.POSITIVE_INFINITY } = limits;
  const started = Date.now();
  let batches = 0;
  await dropStalePreviews(db, now());
  const snapshot = await settings.snapshot();
  while (batches < maxBatches && Date.now() - started < budgetMs) {
    if (!(await importNextBatch(db, snapshot, now()))) break;
    batches += 1;
  }
  return { batches };
}
