-- The course catalogue and learning: categories, courses, chapters, videos, attachments,
-- comments, likes, watch progress, course learning records and home-page blocks.

create extension if not exists pg_trgm;

create table course_categories (
  id serial primary key,
  slug varchar(120) not null unique,
  name varchar(64) not null,
  parent_id integer not null default 0,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index course_categories_parent_idx on course_categories (parent_id, sort);

-- A course is on sale while deleted_at is null and published_at <= now(); is_show = 0 only
-- takes it off the lists (a direct link keeps working, as in MeEdu).
create table courses (
  id serial primary key,
  title varchar(255) not null,
  slug varchar(120) not null unique,
  thumb text not null default '',
  charge integer not null default 0,
  short_description text not null default '',
  render_desc text not null default '',
  seo_keywords varchar(255) not null default '',
  seo_description varchar(255) not null default '',
  category_id integer not null default 0,
  is_free smallint not null default 0,
  is_show smallint not null default 1,
  is_rec smallint not null default 0,
  is_vip_free smallint not null default 1,
  user_count integer not null default 0,
  published_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- What search reads: title, summary and the description without its tags.
  search_text text generated always as (
    title || ' ' || short_description || ' ' || regexp_replace(render_desc, '<[^>]*>', ' ', 'g')
  ) stored
);
create index courses_listing_idx on courses (published_at desc) where deleted_at is null and is_show = 1;
create index courses_category_idx on courses (category_id);
-- Trigram index: serves `search_text ilike '%…%'` (Chinese included).
create index courses_search_trgm_idx on courses using gin (search_text gin_trgm_ops);

create table course_chapters (
  id serial primary key,
  course_id integer not null references courses (id) on delete cascade,
  title varchar(255) not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (course_id, title)
);

-- url: an http(s) address or a path served by this site (/demo/..., /media/...).
-- trial_url: a short rendition for members who may only try the video (free_seconds > 0).
create table videos (
  id serial primary key,
  course_id integer not null references courses (id) on delete cascade,
  chapter_id integer references course_chapters (id) on delete set null,
  title varchar(255) not null,
  slug varchar(120) not null unique,
  url text not null default '',
  trial_url text not null default '',
  duration integer not null default 0,
  charge integer not null default 0,
  is_free smallint not null default 0,
  free_seconds integer not null default 0,
  ban_drag smallint not null default 0,
  is_ban_sell smallint not null default 0,
  is_show smallint not null default 1,
  view_num integer not null default 0,
  seo_keywords varchar(255) not null default '',
  seo_description varchar(255) not null default '',
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index videos_course_idx on videos (course_id, published_at);
create index videos_search_trgm_idx on videos using gin (title gin_trgm_ops);

-- path: an http(s) address (download redirects there) or a file under ATTACH_DIR.
create table course_attachments (
  id serial primary key,
  course_id integer not null references courses (id) on delete cascade,
  name varchar(255) not null,
  path text not null,
  size integer not null default 0,
  extension varchar(32) not null default '',
  download_times integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (course_id, name)
);

-- Comments on a course (rt = 1) or a video (rt = 2); content is plain text.
create table comments (
  id serial primary key,
  rt smallint not null,
  rid integer not null,
  user_id integer not null references users (id) on delete cascade,
  content text not null,
  ip varchar(64) not null default '',
  ip_province varchar(64) not null default '',
  created_at timestamptz not null default now()
);
create index comments_resource_idx on comments (rt, rid, id desc);

create table course_likes (
  user_id integer not null references users (id) on delete cascade,
  course_id integer not null references courses (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, course_id)
);
create index course_likes_user_idx on course_likes (user_id, created_at desc);

-- One row per (member, video): watch_seconds only grows; watched_at is set once, at the end.
create table video_watch_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  course_id integer not null references courses (id) on delete cascade,
  video_id integer not null references videos (id) on delete cascade,
  watch_seconds integer not null default 0,
  watched_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, video_id)
);
create index video_watch_records_course_idx on video_watch_records (user_id, course_id, updated_at desc);

-- Courses a member studies (opened a video with permission): the "在学" list.
create table course_learn_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  course_id integer not null references courses (id) on delete cascade,
  is_watched smallint not null default 0,
  watched_at timestamptz,
  progress integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, course_id)
);
create index course_learn_records_user_idx on course_learn_records (user_id, updated_at desc);

-- Home-page decoration blocks; config is the JSON text saved by the decorator (or the import).
create table view_blocks (
  id serial primary key,
  platform varchar(32) not null,
  page varchar(64) not null,
  sign varchar(64) not null,
  sort integer not null default 0,
  config text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index view_blocks_page_idx on view_blocks (platform, page, sort);
