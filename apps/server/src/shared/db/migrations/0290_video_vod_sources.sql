-- A lesson played from the school's cloud VOD library instead of a local media asset: the vendor
-- and the vendor's id of the video (Aliyun VOD VideoId, Tencent Cloud VOD FileId). One per lesson;
-- when present, playinfo asks the vendor (modules/media/vod-playback.ts) and never the asset.
create table video_vod_sources (
  video_id integer primary key references videos (id) on delete cascade,
  provider text not null check (provider in ('aliyun', 'tencent')),
  media_id text not null check (media_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
