import type { ScheduledJob } from '../../kernel/job';

/**
 * Transcodes uploaded assets (besides the nodes' transcode workers, see worker.ts) and removes
 * stale uploads. Each asset is claimed (media_assets.claim_token, renewed while ffmpeg runs), so
 * the job and the workers never run an asset twice, and together they never exceed
 * MEDIA_TRANSCODE_CONCURRENCY in one process. On an API-only node (KEZHAN_ROLE=api) it transcodes
 * nothing.
 */
export const mediaTranscodeJob: ScheduledJob = {
  name: 'media-transcode',
  description:
    'Transcode and encrypt uploaded videos (HLS ladder, trial cut, poster); resume interrupted ones; remove week-old unfinished uploads',
  lockId: 72_530_060,
  intervalSeconds: 15,
  run: async (services) => ({
    ...(services.env.role === 'api' ? {} : await services.media.runPending({ max: 10 })),
    stale_uploads_removed: services.media.uploads.purgeStale(),
  }),
};
