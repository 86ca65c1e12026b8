-- Which member accepted which version of which agreement, when, from where. A version is the
-- fingerprint of the agreement's text, so publishing a new text asks every member again.
create table agreement_user_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  type varchar(64) not null,
  version varchar(64) not null,
  agreed_at timestamptz not null,
  ip varchar(64) not null default '',
  user_agent varchar(500) not null default '',
  platform varchar(16) not null default '',
  unique (user_id, type, version)
);
