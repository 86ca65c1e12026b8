import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/shared/db/database';
import { migrate } from '../src/shared/db/migrate';

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../src/shared/db/migrations');

/** Changes whenever a migration is added or edited. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Starting PGlite and migrating takes seconds; loading a dump of an already-migrated database
 * takes a fraction of that. The dump is kept in the temp folder, keyed by the migrations' text,
 * so every test file (each in its own worker) reuses it until a migration changes.
 */
export async function migratedPGliteTemplate(): Promise<Blob> {
  const cached = path.join(os.tmpdir(), `kezhan-pglite-template-${migrationsFingerprint()}.tar`);
  if (!fs.existsSync(cached)) {
    const handle = await openDatabase({ pgliteDir: 'memory' });
    await migrate(handle);
    const dump = await handle.dumpPGlite!();
    await handle.close();
    const partial = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, cached);
  }
  return new Blob([fs.readFileSync(cached)]);
}
