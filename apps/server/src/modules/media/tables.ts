import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;

export type MediaAssetStatus = 'uploaded' | 'transcoding' | 'ready' | 'failed';

/** Migration 0065: one protected video asset per video. */
export interface MediaAssetsTable {
  id: Generated<number>;
  video_id: number | null;
  source_path: string;
  source_name: Text;
  source_size: ColumnType<string | number, number | undefined, number>;
  status: ColumnType<MediaAssetStatus, MediaAssetStatus | undefined, MediaAssetStatus>;
  progress: Counter;
  failure_reason: Text;
  attempts: Counter;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  generation: ColumnType<string | null, string | null | undefined, string | null>;
  renditions: Text;
  trial_rendition: Text;
  duration: Counter;
  trial_seconds: Counter;
  full_key: Text;
  trial_key: Text;
  has_poster: Counter;
  /** Migration 0180: the free_seconds the published trial was cut for (null: older cut). */
  trial_for: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0180: when the current claim started, and the worker holding it. */
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_by: Text;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    media_assets: MediaAssetsTable;
  }
}
