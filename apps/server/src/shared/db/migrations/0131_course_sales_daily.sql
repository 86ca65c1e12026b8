-- What each course sold per Shanghai day, for the dashboard's course ranking: a job rolls up the
-- complete days (modules/dashboard/rollup.ts); the current day is always read from the orders.
create table course_sales_daily (
  day date not null,
  course_id integer not null,
  orders integer not null,
  -- Yuan, at the goods' price (order-level discounts are not spread over the goods).
  sales bigint not null,
  primary key (day, course_id)
);

-- How far a rollup has got: every day up to and including `through` is complete.
create table dashboard_rollups (
  name varchar(32) primary key,
  through date not null,
  updated_at timestamptz not null default now()
);
