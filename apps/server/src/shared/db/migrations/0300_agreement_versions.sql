-- Published versions of the four agreements. `version` is the fingerprint of the text, the value a
-- consent record (agreement_user_records.version) names. A version that does not require consent
-- keeps the earlier acceptances valid: members are asked again only from the newest version that
-- requires it.
create table agreement_versions (
  id serial primary key,
  type varchar(64) not null,
  version varchar(64) not null,
  content text not null,
  requires_consent boolean not null default true,
  note varchar(255) not null default '',
  administrator_id integer,
  administrator_name varchar(64) not null default '',
  published_at timestamptz not null
);
create index agreement_versions_type_idx on agreement_versions (type, id desc);
create index agreement_user_records_version_idx on agreement_user_records (type, version, agreed_at desc);
