-- Every change of a member's points (credit1), with why: the PC clients show this history.
create table user_credit1_records (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  sum integer not null,
  remark varchar(255) not null default '',
  created_at timestamptz not null default now()
);
create index user_credit1_records_user_idx on user_credit1_records (user_id, id desc);
