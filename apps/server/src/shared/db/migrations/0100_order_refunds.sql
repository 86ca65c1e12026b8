-- Refunds sent to the payment gateway, and the story of each order's status.
--
-- A refund row is written `processing` before the gateway is asked, so a crash or a timeout never
-- loses a request that may have reached it; `out_refund_no` is what the gateway deduplicates on, and
-- `request_key` is what the console sends once per dialog, so a double click refunds once.
alter table refunds
  add column status varchar(16) not null default 'succeeded',
  add column out_refund_no varchar(64),
  add column request_key varchar(64),
  add column gateway varchar(32) not null default '',
  add column gateway_refund_no varchar(128) not null default '',
  add column failure_reason text not null default '',
  add column administrator varchar(64) not null default '',
  add column completed_at timestamptz,
  add column updated_at timestamptz not null default now();
update refunds set out_refund_no = 'R' || lpad(id::text, 10, '0'), completed_at = created_at;
alter table refunds alter column out_refund_no set not null;
alter table refunds add constraint refunds_status_check check (status in ('processing', 'succeeded', 'failed'));
create unique index refunds_out_refund_no_idx on refunds (out_refund_no);
create unique index refunds_request_key_idx on refunds (order_id, request_key) where request_key is not null;

create table order_state_history (
  id bigserial primary key,
  order_id integer not null references orders (id) on delete cascade,
  event varchar(16) not null,
  from_status smallint not null,
  to_status smallint not null,
  -- Who moved it: a gateway source, `member`, `system`, or `admin:<username>`.
  actor varchar(96) not null default '',
  note text not null default '',
  created_at timestamptz not null default now()
);
create index order_state_history_order_idx on order_state_history (order_id, id);

-- The console's list: newest first, keyset pages and filters.
create index orders_created_idx on orders (created_at desc, id desc);
create index orders_status_idx on orders (status, id desc);
