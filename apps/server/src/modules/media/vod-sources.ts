import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { VOD_PROVIDERS, type VodProviderName } from './vod-tables';

/** A lesson's video in the school's cloud VOD library. */
export interface VodSource {
  provider: VodProviderName;
  /** Aliyun VOD `VideoId` (32 hex digits) or Tencent Cloud VOD `FileId` (digits). */
  mediaId: string;
}

const VOD_MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const INVALID_VOD_SOURCE_MESSAGE = '云点播视频 ID 只能包含字母、数字、下划线和短横线，最长 64 位';

function isVodProvider(value: unknown): value is VodProviderName {
  return typeof value === 'string' && (VOD_PROVIDERS as readonly string[]).includes(value);
}

/** Checks a source given by an operator or a migration; a bad one is refused in Chinese. */
export function checkedVodSource(provider: unknown, mediaId: unknown): VodSource {
  const id = typeof mediaId === 'string' ? mediaId.trim() : '';
  if (!isVodProvider(provider)) throw new BusinessError('请选择阿里云点播或腾讯云点播');
  if (!VOD_MEDIA_ID_PATTERN.test(id)) throw new BusinessError(INVALID_VOD_SOURCE_MESSAGE);
  return { provider, mediaId: id };
}

/**
 * Points a lesson at a video of the school's cloud VOD library (`source`), or back to its local
 * asset / URL (`null`). The lesson's media asset, if any, is kept: clearing the source plays it
 * again. Used by the console's lesson form and by the MeEdu migration.
 */
export async function setVideoVodSource(
  db: Db,
  videoId: number,
  source: VodSource | null,
  now: Date,
): Promise<void> {
  if (!source) {
    await db.deleteFrom('video_vod_sources').where('video_id', '=', videoId).execute();
    return;
  }
  const { provider, mediaId } = checkedVodSource(source.provider, source.mediaId);
  await db
    .insertInto('video_vod_sources')
    .values({ video_id: videoId, provider, media_id: mediaId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('video_id').doUpdateSet({ provider, media_id: mediaId, updated_at: now }))
    .execute();
}

/** The lesson's cloud VOD source, or null when it plays a local asset or URL. */
export async function vodSourceOf(db: Db, videoId: number): Promise<VodSource | null> {
  const row = await db
    .selectFrom('video_vod_sources')
    .select(['provider', 'media_id'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row ? { provider: row.provider, mediaId: row.media_id } : null;
}

/** The cloud VOD sources of some lessons (for lists), keyed by video id. */
export async function vodSourcesOf(db: Db, videoIds: number[]): Promise<Map<number, VodSource>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('video_vod_sources')
    .select(['video_id', 'provider', 'media_id'])
    .where('video_id', 'in', videoIds)
    .execute();
  return new Map(rows.map((row) => [row.video_id, { provider: row.provider, mediaId: row.media_id }]));
}
