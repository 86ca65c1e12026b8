-- Site announcements (公告), written from the operator CLI; the newest one is shown on the home page.
create table announcements (
  id serial primary key,
  admin_id integer not null default 0,
  title varchar(255) not null,
  announcement text not null default '',
  view_times integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index announcements_created_idx on announcements (created_at desc, id desc);
