-- One row per run of a scheduled job (src/jobs), whichever node ran it: what operators read to see
-- that jobs run, and what keeps several nodes from repeating a job within one interval.
create table job_runs (
  id bigserial primary key,
  job varchar(64) not null,
  node varchar(128) not null,
  status varchar(16) not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  result text not null default '',
  error text not null default ''
);
create index job_runs_job_started_idx on job_runs (job, started_at desc);
