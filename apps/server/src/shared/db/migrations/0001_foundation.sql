-- Members, their logins and the settings every feature reads.

create table users (
  id serial primary key,
  mobile varchar(20) not null unique,
  nick_name varchar(24) not null unique,
  avatar text not null default '',
  password text not null,
  is_password_set smallint not null default 0,
  is_set_nickname smallint not null default 0,
  is_lock smallint not null default 0,
  is_active smallint not null default 1,
  role_id integer not null default 0,
  role_expired_at timestamptz,
  invite_user_id integer,
  invite_balance integer not null default 0,
  credit1 integer not null default 0,
  credit2 integer not null default 0,
  credit3 integer not null default 0,
  register_ip varchar(64) not null default '',
  last_login_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_invite_user_id_idx on users (invite_user_id);

create table user_login_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  jti varchar(32) not null unique,
  platform varchar(16) not null default 'APP',
  ip varchar(64) not null default '',
  ua text not null default '',
  iss text not null default '',
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_login_records_user_id_idx on user_login_records (user_id);

create table app_config (
  key varchar(100) primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table sms_records (
  id serial primary key,
  mobile varchar(20) not null,
  scene varchar(32) not null,
  provider varchar(32) not null,
  status varchar(16) not null,
  error text not null default '',
  created_at timestamptz not null default now()
);
create index sms_records_mobile_idx on sms_records (mobile, created_at);

-- VIP plans ("roles" in the MeEdu contract).
create table roles (
  id serial primary key,
  name varchar(64) not null,
  charge integer not null default 0,
  expire_days integer not null default 30,
  weight integer not null default 0,
  description text not null default '',
  is_show smallint not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Real-name profile (face verification).
create table user_profiles (
  user_id integer primary key references users (id) on delete cascade,
  real_name varchar(64) not null default '',
  id_number varchar(32) not null default '',
  is_verify smallint not null default 0,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Social accounts (QQ, WeChat) tied to a member.
create table socialites (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  app varchar(32) not null,
  app_user_id varchar(128) not null,
  union_id varchar(128) not null default '',
  created_at timestamptz not null default now(),
  unique (app, app_user_id),
  unique (user_id, app)
);

-- Member notifications ("messages").
create table notifications (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  message text not null,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, id desc);

-- Courses a member owns (bought, granted). The catalogue tables come with the courses module.
create table user_courses (
  user_id integer not null references users (id) on delete cascade,
  course_id integer not null,
  charge integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (user_id, course_id)
);
