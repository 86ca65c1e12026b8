import type { FeatureModule } from '../module';
import { mediaCommands } from './commands';
import { mediaTranscodeJob } from './job';
import mediaRoutes from './routes';

/** Protected video: ingest, transcode + encrypt job, signed playback (see ARCHITECTURE.md). */
export const mediaModule: FeatureModule = {
  name: 'media',
  routes: [mediaRoutes],
  commands: mediaCommands,
  jobs: [mediaTranscodeJob],
  migrations: ['0065_media.sql', '0180_media_workers.sql'],
};
