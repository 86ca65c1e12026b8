-- Social login finds accounts by the vendor's unionid as well as the openid.
create index socialites_app_union_id_idx on socialites (app, union_id) where union_id <> '';

-- Tencent FaceID sessions. A biz_token is looked up only with its member,
-- so one member can never read or complete another's verification.
create table face_verify_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  biz_token varchar(128) not null unique,
  rule_id varchar(64) not null,
  request_id varchar(128) not null default '',
  provider varchar(16) not null,
  -- 0 started, 5 not passed, 9 passed (the values the h5 sees)
  status smallint not null default 0,
  failure text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index face_verify_records_user_idx on face_verify_records (user_id, id desc);
