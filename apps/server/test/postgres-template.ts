import pg from 'pg';
import { openDatabase } from '../src/shared/db/database';
import { migrate } from '../src/shared/db/migrate';
import { migrationsFingerprint } from './pglite-template';

/** Any fixed number: the workers of one run take turns creating the template. */
const TEMPLATE_LOCK = 7_341_120;

let templateName: Promise<string> | null = null;

/**
 * A migrated PostgreSQL database to copy test databases from (`create database … template …`
 * copies files, where running every migration again takes seconds). Named after the migrations,
 * so it is built once per change of them; templates of older migrations are dropped.
 */
export function migratedPostgresTemplate(base: string): Promise<string> {
  templateName ??= buildTemplate(base);
  return templateName;
}

async function buildTemplate(base: string): Promise<string> {
  const name = `kezhan_test_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'kezhan\\_test\\_template\\_%'`,
    );
    for (const { datname } of rows) {
      if (datname !== name) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    if (!rows.some((row) => row.datname === name)) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await migrate(handle);
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
