-- Protected video (modules/media): one asset per video, from the uploaded source to the encrypted
-- HLS renditions. `status` is the processing state; `generation` is the folder of the renditions
-- being served, published only when a transcode finished completely (a re-process keeps serving
-- the previous generation until the new one is ready).
create table media_assets (
  id serial primary key,
  video_id integer unique references videos (id) on delete cascade,
  -- path of the source under DATA_DIR/media (or absolute), its original name and size
  source_path text not null,
  source_name text not null default '',
  source_size bigint not null default 0,
  status varchar(16) not null default 'uploaded'
    check (status in ('uploaded', 'transcoding', 'ready', 'failed')),
  progress integer not null default 0,
  failure_reason text not null default '',
  attempts integer not null default 0,
  -- the worker holding the asset: its claim and when the claim lapses unless renewed
  claim_token varchar(64),
  lease_until timestamptz,
  generation varchar(64),
  -- JSON list of {name, width, height, bandwidth} of the full ladder; the trial's rendition name
  renditions text not null default '[]',
  trial_rendition varchar(32) not null default '',
  duration integer not null default 0,
  trial_seconds integer not null default 0,
  -- the AES-128 keys, wrapped under MEDIA_KEY_SECRET (see media/key-vault.ts)
  full_key text not null default '',
  trial_key text not null default '',
  has_poster smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index media_assets_claimable_idx on media_assets (status, lease_until);
