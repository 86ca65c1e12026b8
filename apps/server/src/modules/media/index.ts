import type { FeatureModule } from '../../kernel/module';
import { mediaCommands } from './commands';
import { mediaTranscodeJob } from './job';
import type { MediaService } from './media-service';
import mediaRoutes from './routes';
import type { VodPlayback } from './vod-playback';

/** Protected video: ingest, transcode + encrypt job, signed playback (see ARCHITECTURE.md). */
export const mediaModule: FeatureModule = {
  name: 'media',
  routes: [mediaRoutes],
  commands: mediaCommands,
  jobs: [mediaTranscodeJob],
  migrations: ['0065_media.sql', '0180_media_workers.sql', '0290_video_vod_sources.sql'],
};

declare module '../../services' {
  interface AppServices {
    /** Protected video: pipeline and signed playback (built by create-services.ts). */
    media: MediaService;
    /** Lessons played from the school's cloud VOD library (vod-playback.ts). */
    vod: VodPlayback;
  }
}
