-- Promo codes managed from the console: amount or percentage off, a validity window, a per-member
-- limit, an on/off switch and batches. `expired_at` (the MeEdu field) stays the end of the window.
alter table promo_codes
  add column discount_type varchar(8) not null default 'amount' check (discount_type in ('amount', 'percent')),
  -- 1–100 for 'percent' codes; the discount is floor(price × percent_off / 100) whole yuan.
  add column percent_off smallint not null default 0 check (percent_off between 0 and 100),
  -- Active uses one member may hold at once; 0 = unlimited. 1 keeps the MeEdu rule (once per member).
  add column per_user_limit integer not null default 1 check (per_user_limit >= 0),
  add column starts_at timestamptz,
  add column is_enabled smallint not null default 1,
  -- Codes generated together share a batch label; '' for single codes and member invite codes.
  add column batch varchar(32) not null default '',
  add column remark varchar(255) not null default '',
  add check (discount_type <> 'percent' or percent_off between 1 and 100);

create index promo_codes_batch_idx on promo_codes (batch) where batch <> '';

-- A member may now hold several uses of a code (per_user_limit); the limit is kept by
-- claimPromoCode under the code's row lock instead of a unique index.
drop index promo_code_uses_active_idx;
create index promo_code_uses_active_idx on promo_code_uses (promo_code_id, user_id) where released_at is null;
create index promo_code_uses_code_idx on promo_code_uses (promo_code_id, id desc);
