-- How far `migrate:meedu` has got, one row per step: each batch's rows and the step's new position
-- are written in one transaction, so a run that stopped resumes after the last batch it committed.
create table meedu_import_progress (
  step varchar(64) primary key,
  last_key text not null default '',
  rows_read integer not null default 0,
  written integer not null default 0,
  merged integer not null default 0,
  dropped integer not null default 0,
  -- JSON object: reason → rows (dropped, merged or changed on the way).
  notes text not null default '{}',
  done smallint not null default 0,
  updated_at timestamptz not null default now()
);
