-- The dashboard's range reads (modules/dashboard): each one an index range scan that carries the
-- columns it sums, so a month of a million-order shop is read from the index alone.
create index orders_paid_at_idx on orders (paid_at) include (amount, refunded_amount)
  where status in (9, 11);
create index users_created_at_idx on users (created_at);
create index video_watch_records_updated_idx on video_watch_records (updated_at)
  include (user_id, course_id, watch_seconds);
create index order_goods_course_sales_idx on order_goods (order_id) include (goods_id, goods_charge, num)
  where goods_type = 'COURSE';
