import type { ScheduledJob } from '../../kernel/job';

/**
 * Transcodes uploaded assets. The scheduler runs it on one node at a time; each asset is
 * additionally claimed (media_assets.claim_token, renewed while ffmpeg runs), so a second worker
 * never runs an asset twice and an asset whose worker died is picked up again once its claim lapses.
 */
export const mediaTranscodeJob: ScheduledJob = {
  name: 'media-transcode',
  description:
    'Transcode and encrypt uploaded videos (HLS ladder, trial cut, poster); resume interrupted ones; remove week-old unfinished uploads',
  lockId: 72_530_060,
  intervalSeconds: 15,
  run: async (services) => ({
    ...(await services.media.runPending({ max: 10 })),
    stale_uploads_removed: services.media.uploads.purgeStale(),
  }),
};
