-- The console's member tools: tags, operator remarks, and spreadsheet imports staged for preview.

create table member_tags (
  id serial primary key,
  name varchar(20) not null unique,
  created_at timestamptz not null default now()
);

create table member_tag_links (
  user_id integer not null references users (id) on delete cascade,
  tag_id integer not null references member_tags (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, tag_id)
);
-- The member list filtered by a tag walks this index.
create index member_tag_links_tag on member_tag_links (tag_id, user_id);

-- Operator notes on a member; they go with the member when the account is deleted.
create table member_remarks (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  content varchar(500) not null,
  administrator_id integer,
  administrator_name text not null default '',
  created_at timestamptz not null default now()
);
create index member_remarks_user on member_remarks (user_id, id);

-- One uploaded file: `previewed` (checked, nothing written yet), then `queued` by the operator's
-- commit, `running` while the member-imports job works through its rows, `done`. `last_row` is the
-- last row number the job finished, moved in the same transaction as that batch's members, so a
-- restart resumes after it and no row is imported twice.
create table member_imports (
  id serial primary key,
  file_name text not null,
  state text not null default 'previewed',
  total integer not null,
  valid integer not null,
  invalid integer not null,
  imported integer not null default 0,
  skipped integer not null default 0,
  last_row integer not null default 0,
  administrator_id integer,
  administrator_name text not null default '',
  created_at timestamptz not null default now(),
  committed_at timestamptz,
  finished_at timestamptz
);
create index member_imports_pending on member_imports (id) where state in ('queued', 'running');

-- The file's rows as checked. `error` is the preview's reason a row will not be imported; `outcome`
-- is what the job did (`imported`, or `skipped` with its reason when the mobile or nickname was
-- taken in the meantime). A password waits here only until its row is imported, then is cleared.
create table member_import_rows (
  import_id integer not null references member_imports (id) on delete cascade,
  row_number integer not null,
  mobile text not null,
  nick_name text not null default '',
  password text not null default '',
  course_ids integer[] not null default '{}',
  role_id integer,
  vip_days integer,
  error text not null default '',
  outcome text not null default '',
  user_id integer,
  primary key (import_id, row_number)
);
