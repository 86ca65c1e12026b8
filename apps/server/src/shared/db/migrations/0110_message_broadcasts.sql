-- Messages sent from the console to a group of members, delivered in batches by a background job.
-- `last_user_id` is the last member id delivered: each batch takes the next members after it in id order
-- and moves it in the same transaction as their notifications, so a restart resumes where it stopped.
create table message_broadcasts (
  id serial primary key,
  message text not null,
  audience text not null,
  course_id integer,
  member_id integer,
  registered_from text,
  registered_to text,
  state text not null default 'queued',
  total integer not null default 0,
  sent integer not null default 0,
  last_user_id integer not null default 0,
  administrator_id integer,
  administrator_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index message_broadcasts_pending on message_broadcasts (id) where state <> 'done';

-- A broadcast reaches a member at most once, whatever happens to the job delivering it.
alter table notifications add column broadcast_id integer references message_broadcasts (id) on delete set null;
create unique index notifications_broadcast_member on notifications (broadcast_id, user_id)
  where broadcast_id is not null;
