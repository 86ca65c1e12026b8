-- The dashboard's range reads (modules/dashboard): each one an index range scan that carries the
-- columns it sums, so a month of a million-order shop is read from the index alone.
create index orders_paid_at_idx on orders (paid_at) include (id, amount, refunded_amount)
  where status in (9, 11);
create index users_created_at_idx on users (created_at);
create index video_watch_records_updated_idx on video_watch_records (updated_at)
  include (user_id, course_id, watch_seconds);
-- The learners of one course in a range (the ten courses of the watch-time ranking).
create index video_watch_records_course_updated_idx on video_watch_records (course_id, updated_at)
  include (user_id);
