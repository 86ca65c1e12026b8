-- PC site chrome: navigation (two levels), friend links and sliders, written from the operator CLI.
create table navs (
  id serial primary key,
  sort integer not null default 0,
  name varchar(64) not null,
  url varchar(500) not null,
  active_routes varchar(500) not null default '',
  platform varchar(16) not null default 'PC',
  parent_id integer not null default 0,
  blank smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index navs_platform_idx on navs (platform, parent_id, sort);

create table links (
  id serial primary key,
  sort integer not null default 0,
  name varchar(64) not null,
  url varchar(500) not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sliders (
  id serial primary key,
  thumb varchar(500) not null,
  sort integer not null default 0,
  url varchar(500) not null default '',
  platform varchar(16) not null default 'PC',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sliders_platform_idx on sliders (platform, sort);
