-- Threaded, moderated comments. A reply's parent_id is its top-level comment; a reply to a reply
-- also names it in reply_id. Comments written before moderation existed stay approved.
alter table comments add column parent_id integer not null default 0;
alter table comments add column reply_id integer not null default 0;
alter table comments add column status varchar(16) not null default 'approved';
alter table comments add column check_reason varchar(255) not null default '';
create index comments_thread_idx on comments (rt, rid, parent_id, id desc);
create index comments_status_idx on comments (status, id);

-- 1 = members may comment on the course / lesson (the 2026 clients read is_allow_comment).
alter table courses add column is_allow_comment smallint not null default 1;
alter table videos add column is_allow_comment smallint not null default 1;
