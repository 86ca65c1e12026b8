import type { PlayUrl } from '@kezhan/contract/courses';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import {
  VodError,
  type VodFailure,
  type VodProvider,
  type VodVendor,
} from '../../providers/vod/vod-provider';
import { vodSourceOf } from './vod-sources';

/** What a member reads when the vendor cannot play the lesson (the detail goes to the log). */
export const VOD_FAILURE_MESSAGES: Record<VodFailure, string> = {
  'not-configured': '云点播尚未配置，暂时无法播放',
  'not-found': '云点播视频不存在或已删除',
  'not-ready': '视频仍在云点播处理中，请稍后再试',
  refused: '云点播暂时无法播放该视频，请联系管理员',
  unreachable: '云点播暂时无法连接，请稍后再试',
};

/** Where the vendor's refusal is written for the operator (the request's logger). */
export interface VodLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface VodPlaybackDeps {
  db: Db;
  providers: Record<VodVendor, VodProvider>;
  /** MEDIA_URL_TTL: how long an address opens the stream, as for a local asset. */
  ttlSeconds: number;
  now: () => Date;
}

/**
 * playinfo for a lesson whose video is in the school's cloud VOD library (`video_vod_sources`):
 * the vendor's short-lived signed addresses, the trial cut by the vendor. Access was decided by
 * the caller exactly as for a local asset (courses/videos.ts `loadPlayInfo`); `null` = the lesson
 * has no VOD source (its local asset or URL plays).
 */
export class VodPlayback {
  constructor(private readonly deps: VodPlaybackDeps) {}

  async playUrls(
    video: { id: number; duration: number },
    viewer: { id: number },
    scope: 'full' | 'trial',
    _appUrl: string,
    trialSeconds: number,
    log?: VodLog,
  ): Promise<PlayUrl[] | null> {
    const source = await vodSourceOf(this.deps.db, video.id);
    if (!source) return null;
    if (scope === 'trial' && trialSeconds <= 0) return [];
    try {
      const answer = await this.deps.providers[source.provider].play({
        mediaId: source.mediaId,
        trialSeconds: scope === 'trial' ? trialSeconds : 0,
        lessonSeconds: video.duration,
        viewerId: viewer.id,
        ttlSeconds: this.deps.ttlSeconds,
        now: this.deps.now(),
      });
      const duration = answer.trialSeconds > 0 ? answer.trialSeconds : answer.duration || video.duration;
      return answer.urls.map(({ url, format, definition }) => ({
        url,
        format,
        duration,
        name: scope === 'trial' ? '试看' : definition,
      }));
    } catch (error) {
      if (!(error instanceof VodError)) throw error;
      log?.warn(
        {
          vod: {
            provider: source.provider,
            mediaId: source.mediaId,
            videoId: video.id,
            failure: error.failure,
          },
        },
        `cloud VOD could not play the lesson: ${error.detail}`,
      );
      throw new BusinessError(VOD_FAILURE_MESSAGES[error.failure]);
    }
  }
}
