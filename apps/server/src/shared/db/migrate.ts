import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../config/app-folders';
import type { DatabaseHandle } from './database';

const MIGRATION_LOCK_ID = 72_530_001;

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction. Several nodes starting together wait on one advisory lock, so each file runs once.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  return handle.withAdvisoryLock(MIGRATION_LOCK_ID, async () => {
    await handle.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await handle.db.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const pending = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file) && !applied.has(file))
      .sort();
    for (const file of pending) {
      const sqlText = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await handle.exec(
        `begin;\n${sqlText}\n;insert into schema_migrations (name) values ('${name}');\ncommit;`,
      );
    }
    return pending;
  });
}
