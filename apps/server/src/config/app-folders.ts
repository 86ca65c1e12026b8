import fs from 'node:fs';
import path from 'node:path';

/**
 * The folders the server reads beside its code, found the same way whether it runs from its
 * TypeScript sources (apps/server/src/…, through tsx or vitest) or from the production bundle
 * (apps/server/dist/*.js, where every module shares one file and `import.meta.dirname` no longer
 * says which module it was): walk up from here to the folder whose package.json is the server's.
 * The bundle holds only code; migrations, demo content and public files stay where they are
 * committed, so both ways of running read the same files.
 */
const SERVER_PACKAGE = '@kezhan/server';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === SERVER_PACKAGE) {
      return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`The server's folder (package.json named ${SERVER_PACKAGE}) is not above ${start}`);
    }
  }
}

/** apps/server */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository (or image) root: the h5's and the console's builds are found from here. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** The SQL migrations, applied in name order at start (shared/db/migrate.ts). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/shared/db/migrations');
/** Demo media and the site's own images: apps/server/public/{demo,images}. */
export const PUBLIC_DIR = path.join(SERVER_ROOT, 'public');
/** The demo lessons' source: a 12-second plain HLS rendition (never served as is). */
export const DEMO_VIDEO_DIR = path.join(SERVER_ROOT, 'demo-video');
/** The demo catalogue and what it points at (seed/demo-catalogue.ts). */
export const DEMO_CONTENT_DIR = path.join(SERVER_ROOT, 'src/seed/demo-content');
