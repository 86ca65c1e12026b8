-- Transcoding at scale (modules/media): the free_seconds a published trial was cut for, so a
-- request compares the setting it sees with what the cut was made from (null: cut before this
-- column, compare with trial_seconds); when the current claim started and which worker holds it,
-- for the console's progress and time left.
alter table media_assets add column trial_for integer;
alter table media_assets add column claimed_at timestamptz;
alter table media_assets add column claimed_by varchar(128) not null default '';
