-- Lessons a member bought one at a time. MeEdu sold single lessons until v4.7 and still plays them
-- for their buyers; a school that moves here keeps them (video access and VIDEO order lines).
create table user_videos (
  user_id integer not null references users (id) on delete cascade,
  video_id integer not null references videos (id) on delete cascade,
  charge integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (user_id, video_id)
);
