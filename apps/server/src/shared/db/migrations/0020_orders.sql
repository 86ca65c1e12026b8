-- Orders, promo codes, gateway payment log and refunds (issue 5). Money is integer yuan except
-- amounts reported by gateways, which are logged in cents exactly as received.

create table promo_codes (
  id serial primary key,
  code varchar(64) not null unique,
  -- The member who shares the code (invite code); null for codes the site issues.
  user_id integer,
  -- Discount for the buyer, in yuan.
  invited_user_reward integer not null default 0 check (invited_user_reward >= 0),
  -- Credited to the owner's invite_balance for each paid order.
  invite_user_reward integer not null default 0 check (invite_user_reward >= 0),
  -- 0 = unlimited.
  use_times integer not null default 0 check (use_times >= 0),
  used_times integer not null default 0 check (used_times >= 0),
  expired_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table orders (
  id serial primary key,
  order_id varchar(32) not null unique,
  -- No foreign key: money records outlive any account clean-up.
  user_id integer not null,
  charge integer not null check (charge >= 0),
  discount integer not null default 0 check (discount >= 0),
  amount integer not null check (amount >= 0),
  status smallint not null default 1,
  payment varchar(32) not null default '',
  payment_method varchar(16) not null default '',
  promo_code_id integer references promo_codes (id),
  trade_no varchar(128) not null default '',
  paid_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason varchar(32) not null default '',
  refunded_amount integer not null default 0 check (refunded_amount >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (amount = charge - discount),
  check (refunded_amount <= amount)
);
create index orders_user_idx on orders (user_id, id desc);
create index orders_open_idx on orders (created_at) where status in (1, 5);

create table order_goods (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  goods_type varchar(16) not null,
  goods_id integer not null,
  goods_name varchar(255) not null,
  goods_thumb text not null default '',
  goods_charge integer not null,
  goods_ori_charge integer not null,
  num integer not null default 1,
  -- ROLE: the plan's days at ordering time, so a later edit of the plan changes nothing sold.
  expire_days integer not null default 0,
  created_at timestamptz not null default now()
);
create index order_goods_order_idx on order_goods (order_id);

-- One active use of a code per member; released (not deleted) when its order is cancelled.
create table promo_code_uses (
  id serial primary key,
  promo_code_id integer not null references promo_codes (id),
  user_id integer not null,
  order_id integer not null unique references orders (id) on delete cascade,
  released_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index promo_code_uses_active_idx on promo_code_uses (promo_code_id, user_id)
  where released_at is null;

-- Every payment event: gateway notifications (verified or not), manual confirmations, payment starts.
create table order_payments (
  id serial primary key,
  order_id integer references orders (id) on delete set null,
  out_trade_no varchar(64) not null default '',
  gateway varchar(32) not null,
  trade_no varchar(128) not null default '',
  amount_cents bigint,
  -- paid | duplicate | rejected | ignored | started
  outcome varchar(16) not null,
  reason text not null default '',
  payload text not null default '',
  created_at timestamptz not null default now()
);
create index order_payments_order_idx on order_payments (order_id);
create index order_payments_created_idx on order_payments (created_at);

create table refunds (
  id serial primary key,
  order_id integer not null references orders (id),
  amount integer not null check (amount > 0),
  reason text not null default '',
  revoked_goods smallint not null default 0,
  created_at timestamptz not null default now()
);
create index refunds_order_idx on refunds (order_id);
