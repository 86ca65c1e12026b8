-- Operator console: administrators (not members), their sessions and the audit log.
create table administrators (
  id serial primary key,
  username text not null unique,
  display_name text not null default '',
  password text not null,
  role text not null,
  is_disabled smallint not null default 0,
  failed_logins integer not null default 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A session is the SHA-256 of the cookie's random token, so a database reader cannot sign in.
create table admin_sessions (
  id text primary key,
  administrator_id integer not null references administrators (id),
  csrf_token text not null,
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index admin_sessions_administrator on admin_sessions (administrator_id);

create table admin_audit_logs (
  id bigserial primary key,
  administrator_id integer references administrators (id),
  administrator_name text not null,
  action text not null,
  target_type text not null default '',
  target_id text not null default '',
  before jsonb,
  after jsonb,
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index admin_audit_logs_created on admin_audit_logs (created_at desc, id desc);
create index admin_audit_logs_action on admin_audit_logs (action, created_at desc);
