import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/shared/db/database';
import { migratedPGliteTemplate } from './pglite-template';

/**
 * Starting a PGlite from the migrated template takes over a second, most of a small test file's
 * time. A closed test app's database is instead put back to the template's contents (every table
 * emptied and refilled with what the migrations inserted, every sequence set back) and handed to
 * the next test app of the same worker. A database whose schema a test changed (a trigger, a
 * function) or that a test closed itself is thrown away instead.
 */

interface TemplateState {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; value: number; called: boolean }[];
  schema: string;
}

let template: TemplateState | null = null;
const idle: DatabaseHandle[] = [];

/** Counts of the catalogue objects a test could add; a change means the schema is not the template's. */
async function schemaFingerprint(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select concat_ws('/',
      (select count(*) from pg_class), (select count(*) from pg_trigger),
      (select count(*) from pg_proc), (select count(*) from pg_attribute)) as fingerprint`.execute(handle.db);
  return rows[0].fingerprint;
}

async function readTemplate(handle: DatabaseHandle): Promise<TemplateState> {
  const db = handle.db;
  const tables = (
    await sql<{
      name: string;
    }>`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`.execute(db)
  ).rows.map((row) => row.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await sql<{
      json: string | null;
    }>`select json_agg(t)::text as json from ${sql.raw(table)} t`.execute(db);
    if (!found[0].json) continue;
    const columns = (
      await sql<{ name: string }>`
        select quote_ident(column_name) as name from information_schema.columns
        where table_schema = 'public' and quote_ident(table_name) = ${table} and is_generated = 'NEVER'
        order by ordinal_position`.execute(db)
    ).rows.map((row) => row.name);
    rows.push({ table, columns, json: found[0].json });
  }
  const sequences = (
    await sql<{ name: string; value: number | null; called: boolean }>`
      select quote_ident(sequencename) as name, coalesce(last_value, start_value) as value,
             last_value is not null as called
      from pg_sequences where schemaname = 'public'`.execute(db)
  ).rows.map((row) => ({ name: row.name, value: Number(row.value), called: row.called }));
  return { tables, rows, sequences, schema: await schemaFingerprint(handle) };
}

async function restoreTemplate(handle: DatabaseHandle, state: TemplateState): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    await sql.raw(`truncate ${state.tables.join(', ')} restart identity cascade`).execute(trx);
    for (const { table, columns, json } of state.rows) {
      const list = columns.join(', ');
      await sql`insert into ${sql.raw(table)} (${sql.raw(list)}) overriding system value
        select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`.execute(
        trx,
      );
    }
    for (const { name, value, called } of state.sequences) {
      await sql`select setval(${name}, ${value}, ${called})`.execute(trx);
    }
  });
}

/** A PGlite database holding exactly what the migrated template holds. */
export async function takePGlite(): Promise<DatabaseHandle> {
  const reused = idle.pop();
  if (reused) return reused;
  const handle = await openDatabase({ pgliteDir: 'memory', pgliteTemplate: await migratedPGliteTemplate() });
  template ??= await readTemplate(handle);
  return handle;
}

/** Gives a database back after its test app closed: reset for the next one, or closed. */
export async function releasePGlite(handle: DatabaseHandle): Promise<void> {
  try {
    await handle.exec('rollback').catch(() => undefined);
    if (!template || (await schemaFingerprint(handle)) !== template.schema) throw new Error('schema changed');
    await restoreTemplate(handle, template);
    idle.push(handle);
  } catch {
    await handle.close().catch(() => undefined);
  }
}
