-- The console's statistics (统计) and dashboard (数据概览) read these daily rollups instead of the
-- orders and watch records, so a two-year range on a million-order shop is a few thousand rows.
-- Triggers keep them correct on every write, whoever writes (payment, refund, console, import,
-- a progress record): a row's old contribution is taken off and its new one added in the same
-- transaction. Days are Shanghai days (UTC+8, no daylight saving); money is fen.

-- Orders paid per Shanghai day of payment and gateway: what they paid and what has been refunded
-- of them so far (a refund is counted on the day its order was paid, as the dashboard always has).
create table stats_sales_daily (
  day date not null,
  payment varchar(32) not null,
  orders integer not null default 0,
  paid bigint not null default 0,
  refunded bigint not null default 0,
  primary key (day, payment)
);

-- The same per goods line (course, VIP plan, lesson…): a line's share of its order's money by
-- list price, rounded down (the whole of it for the one-line orders Kezhan creates).
create table stats_goods_daily (
  day date not null,
  goods_type varchar(16) not null,
  goods_id integer not null,
  orders integer not null default 0,
  paid bigint not null default 0,
  refunded bigint not null default 0,
  primary key (day, goods_type, goods_id)
);
create index stats_goods_daily_goods_idx on stats_goods_daily (goods_type, goods_id, day);

-- Learning per Shanghai day and lesson: seconds the positions moved forward that day, watch
-- records started, lessons seen to the end.
create table stats_watch_daily (
  day date not null,
  video_id integer not null,
  course_id integer not null,
  seconds bigint not null default 0,
  started integer not null default 0,
  completed integer not null default 0,
  primary key (day, video_id)
);
create index stats_watch_daily_course_idx on stats_watch_daily (course_id, day);

-- The same per course (a year of a course list is then a few hundred rows a day, not thousands).
create table stats_course_watch_daily (
  day date not null,
  course_id integer not null,
  seconds bigint not null default 0,
  started integer not null default 0,
  completed integer not null default 0,
  primary key (day, course_id)
);

-- Which members joined / learned / paid on a Shanghai day, as bitmaps: bit (id % 8192) of chunk
-- (id / 8192). A distinct count over any range is then an OR of a few rows per chunk and a
-- popcount, and a cohort's retention an AND of two such ORs.
create table stats_member_bits (
  kind varchar(8) not null check (kind in ('joined', 'active', 'paying')),
  day date not null,
  chunk integer not null,
  bits bit(8192) not null,
  primary key (kind, day, chunk)
);

create function stats_day(at timestamptz) returns date language sql immutable as $$
  select ((at at time zone 'UTC') + interval '8 hours')::date
$$;

-- Sets (or clears) a member's bit; reads first, so the day's row is locked only by the member's
-- first write of the day.
create function stats_mark_member(mark_kind text, mark_day date, member_id integer, mark integer default 1)
returns void language plpgsql as $$
declare
  c integer := member_id / 8192;
  b integer := member_id % 8192;
begin
  if exists (select 1 from stats_member_bits
             where kind = mark_kind and day = mark_day and chunk = c and get_bit(bits, b) = mark) then
    return;
  end if;
  if mark = 0 then
    update stats_member_bits set bits = set_bit(bits, b, 0)
      where kind = mark_kind and day = mark_day and chunk = c;
    return;
  end if;
  insert into stats_member_bits as s (kind, day, chunk, bits)
    values (mark_kind, mark_day, c, set_bit(B'0'::bit(8192), b, 1))
    on conflict (kind, day, chunk) do update set bits = set_bit(s.bits, b, 1);
end $$;

-- An order's contribution to the sales rollups, added (sign 1) or taken off (sign -1). Only paid
-- orders (9 paid, 11 refunded) count; the goods lines are read as they are now.
create function stats_apply_order(o orders, direction integer) returns void language plpgsql as $$
declare
  d date;
begin
  if o.status not in (9, 11) or o.paid_at is null then
    return;
  end if;
  d := stats_day(o.paid_at);
  insert into stats_sales_daily as s (day, payment, orders, paid, refunded)
    values (d, o.payment, direction, direction * o.amount::bigint, direction * o.refunded_amount::bigint)
    on conflict (day, payment) do update
      set orders = s.orders + excluded.orders, paid = s.paid + excluded.paid, refunded = s.refunded + excluded.refunded;
  insert into stats_goods_daily as s (day, goods_type, goods_id, orders, paid, refunded)
    select d, g.goods_type, g.goods_id, direction * count(*)::integer,
      direction * sum(o.amount::bigint * g.goods_charge * g.num / greatest(o.charge, 1)),
      direction * sum(o.refunded_amount::bigint * g.goods_charge * g.num / greatest(o.charge, 1))
    from order_goods g where g.order_id = o.id
    group by g.goods_type, g.goods_id
    order by g.goods_type, g.goods_id
    on conflict (day, goods_type, goods_id) do update
      set orders = s.orders + excluded.orders, paid = s.paid + excluded.paid, refunded = s.refunded + excluded.refunded;
  if direction > 0 then
    perform stats_mark_member('paying', d, o.user_id);
  elsif not exists (
    select 1 from orders other
    where other.user_id = o.user_id and other.id <> o.id and other.status in (9, 11)
      and other.paid_at is not null and stats_day(other.paid_at) = d
  ) then
    -- Its member paid nothing else that day (an update adds the bit back just after).
    perform stats_mark_member('paying', d, o.user_id, 0);
  end if;
end $$;

create function stats_orders_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    -- Before the delete: its goods lines still exist (the cascade removes them afterwards).
    perform stats_apply_order(old, -1);
    return old;
  end if;
  if tg_op = 'UPDATE' then
    perform stats_apply_order(old, -1);
  end if;
  perform stats_apply_order(new, 1);
  return null;
end $$;

create trigger stats_orders_inserted after insert on orders for each row execute function stats_orders_changed();
create trigger stats_orders_updated after update on orders for each row
  when (old.status is distinct from new.status or old.paid_at is distinct from new.paid_at
    or old.payment is distinct from new.payment or old.amount is distinct from new.amount
    or old.charge is distinct from new.charge or old.refunded_amount is distinct from new.refunded_amount
    or old.user_id is distinct from new.user_id)
  execute function stats_orders_changed();
create trigger stats_orders_deleted before delete on orders for each row execute function stats_orders_changed();

-- A goods line added to (or changed in) an order that is already paid, as an import writes them.
create function stats_order_goods_changed() returns trigger language plpgsql as $$
declare
  o orders;
  goods order_goods;
  direction integer;
begin
  foreach direction in array array[-1, 1] loop
    if (direction = -1 and tg_op = 'INSERT') or (direction = 1 and tg_op = 'DELETE') then
      continue;
    end if;
    if direction = -1 then goods := old; else goods := new; end if;
    select * into o from orders where id = goods.order_id;
    if not found or o.status not in (9, 11) or o.paid_at is null then
      continue;
    end if;
    insert into stats_goods_daily as s (day, goods_type, goods_id, orders, paid, refunded)
      values (stats_day(o.paid_at), goods.goods_type, goods.goods_id, direction,
        direction * (o.amount::bigint * goods.goods_charge * goods.num / greatest(o.charge, 1)),
        direction * (o.refunded_amount::bigint * goods.goods_charge * goods.num / greatest(o.charge, 1)))
      on conflict (day, goods_type, goods_id) do update
        set orders = s.orders + excluded.orders, paid = s.paid + excluded.paid, refunded = s.refunded + excluded.refunded;
  end loop;
  return null;
end $$;

create trigger stats_order_goods_written after insert or update or delete on order_goods
  for each row execute function stats_order_goods_changed();

-- A progress record: the seconds it moved forward, a start, an end reached, a member learning.
-- Deleted records (a member's account, a lesson) leave the history as it was.
create function stats_watch_changed() returns trigger language plpgsql as $$
declare
  moved bigint := new.watch_seconds - case when tg_op = 'UPDATE' then old.watch_seconds else 0 end;
  is_start integer := case when tg_op = 'INSERT' then 1 else 0 end;
  is_end integer := case when new.watched_at is not null
    and (tg_op = 'INSERT' or old.watched_at is null) then 1 else 0 end;
  d date := stats_day(new.updated_at);
begin
  if moved <> 0 or is_start <> 0 or is_end <> 0 then
    insert into stats_watch_daily as s (day, video_id, course_id, seconds, started, completed)
      values (d, new.video_id, new.course_id, moved, is_start, is_end)
      on conflict (day, video_id) do update
        set seconds = s.seconds + excluded.seconds, started = s.started + excluded.started,
          completed = s.completed + excluded.completed;
    insert into stats_course_watch_daily as s (day, course_id, seconds, started, completed)
      values (d, new.course_id, moved, is_start, is_end)
      on conflict (day, course_id) do update
        set seconds = s.seconds + excluded.seconds, started = s.started + excluded.started,
          completed = s.completed + excluded.completed;
  end if;
  perform stats_mark_member('active', d, new.user_id);
  return null;
end $$;

create trigger stats_watch_written after insert or update of watch_seconds, watched_at, updated_at
  on video_watch_records for each row execute function stats_watch_changed();

create function stats_users_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    -- A deleted account leaves its cohort (and so the retention figures).
    perform stats_mark_member('joined', stats_day(old.created_at), old.id, 0);
  else
    perform stats_mark_member('joined', stats_day(new.created_at), new.id);
  end if;
  return null;
end $$;

create trigger stats_users_written after insert or delete on users
  for each row execute function stats_users_changed();

-- Every rollup computed again from the tables (this migration's backfill; the bench after filling
-- its tables with the triggers off). Watch records keep only their last state, so their seconds
-- and learning day are those of their last update.
create function stats_rebuild() returns void language plpgsql as $$
begin
  delete from stats_sales_daily;
  delete from stats_goods_daily;
  delete from stats_watch_daily;
  delete from stats_course_watch_daily;
  delete from stats_member_bits;
  insert into stats_sales_daily (day, payment, orders, paid, refunded)
    select stats_day(paid_at), payment, count(*), sum(amount), sum(refunded_amount)
    from orders where status in (9, 11) and paid_at is not null
    group by 1, 2;
  insert into stats_goods_daily (day, goods_type, goods_id, orders, paid, refunded)
    select stats_day(o.paid_at), g.goods_type, g.goods_id, count(*),
      sum(o.amount::bigint * g.goods_charge * g.num / greatest(o.charge, 1)),
      sum(o.refunded_amount::bigint * g.goods_charge * g.num / greatest(o.charge, 1))
    from orders o join order_goods g on g.order_id = o.id
    where o.status in (9, 11) and o.paid_at is not null
    group by 1, 2, 3;
  insert into stats_watch_daily (day, video_id, course_id, seconds, started, completed)
    select day, video_id, min(course_id), sum(seconds), sum(started), sum(completed)
    from (
      select stats_day(updated_at) as day, video_id, course_id, watch_seconds::bigint as seconds, 0 as started, 0 as completed
        from video_watch_records
      union all
      select stats_day(created_at), video_id, course_id, 0, 1, 0 from video_watch_records
      union all
      select stats_day(watched_at), video_id, course_id, 0, 0, 1 from video_watch_records where watched_at is not null
    ) r
    group by day, video_id;
  insert into stats_course_watch_daily (day, course_id, seconds, started, completed)
    select day, course_id, sum(seconds), sum(started), sum(completed) from stats_watch_daily group by 1, 2;
  insert into stats_member_bits (kind, day, chunk, bits)
    select kind, day, member_id / 8192, bit_or(set_bit(B'0'::bit(8192), member_id % 8192, 1))
    from (
      select 'joined' as kind, stats_day(created_at) as day, id as member_id from users
      union
      select 'active', stats_day(updated_at), user_id from video_watch_records
      union
      select 'paying', stats_day(paid_at), user_id from orders where status in (9, 11) and paid_at is not null
    ) m
    group by kind, day, member_id / 8192;
end $$;

select stats_rebuild();

-- The course ranking's job-made rollup is replaced by the rollups above.
drop table course_sales_daily;
drop table dashboard_rollups;
