-- Member centre: account deletion requests and uploaded avatar files.

-- A deletion request waits out its grace period (`expired_at`) and is then executed by
-- `executeDueDeletions`; any login before that cancels it. `user_id` carries no foreign key so the
-- request stays on record after the member it deleted is gone.
create table user_delete_jobs (
  id serial primary key,
  user_id integer not null,
  status varchar(16) not null default 'pending',
  submit_at timestamptz not null,
  expired_at timestamptz not null,
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
-- At most one pending request per member, whatever races between API nodes.
create unique index user_delete_jobs_pending_idx on user_delete_jobs (user_id) where status = 'pending';
create index user_delete_jobs_due_idx on user_delete_jobs (expired_at) where status = 'pending';

-- Every avatar file stored for a member (key in the storage provider), so the files can be
-- removed when the member is deleted.
create table user_upload_images (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  provider varchar(16) not null,
  storage_key text not null,
  url text not null,
  mime varchar(32) not null,
  size integer not null,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index user_upload_images_user_idx on user_upload_images (user_id);
