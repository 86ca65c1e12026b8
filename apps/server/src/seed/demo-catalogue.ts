import path from 'node:path';
import { DEMO_CONTENT_DIR } from '../config/app-folders';
import type { AppServices } from '../services';
import { importContentFile } from '../modules/courses/content-import';

/** The demo catalogue, in the format of `npm run cli -- import` (see modules/courses/content-file.ts). */
export const DEMO_CATALOGUE_FILE = path.join(DEMO_CONTENT_DIR, 'catalogue.json');

/** Seed step: a dozen courses in several categories, a playable demo video and the home page. */
export async function seedDemoCatalogue(services: AppServices): Promise<void> {
  await importContentFile(services.db, DEMO_CATALOGUE_FILE, {
    dataDir: services.env.dataDir,
    now: services.now(),
  });
  services.siteContent.invalidate();
  // The demo video is already segmented: encrypt it per video now (no ffmpeg, well under a second)
  // so the demo plays at once; `media:reprocess` sends it through the ffmpeg ladder.
  await services.media.runPending({ packageOnly: true, max: 1000 });
}
