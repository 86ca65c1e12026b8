import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The cloud VOD vendors a lesson can be played from. */
export const VOD_PROVIDERS = ['aliyun', 'tencent'] as const;
export type VodProviderName = (typeof VOD_PROVIDERS)[number];

/** Migration 0290: a lesson's video in the school's cloud VOD library (instead of a local asset). */
export interface VideoVodSourcesTable {
  video_id: number;
  provider: VodProviderName;
  /** Aliyun VOD `VideoId` or Tencent Cloud VOD `FileId`. */
  media_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    video_vod_sources: VideoVodSourcesTable;
  }
}
