-- Money in integer fen (分) everywhere. Until now prices, order amounts, discounts, promo values,
-- refunds and balances were whole yuan, so ¥19.9 could not be priced and a partial refund of
-- ¥9.70 could not be recorded. Every money column below now holds fen (yuan × 100); the names stay
-- the MeEdu ones the wire uses (`charge`, `amount`, …), and the API converts to yuan at its edge
-- (`shared/money.ts`). `order_payments.amount_cents` was already in fen. Percentage promo codes keep
-- their `percent_off`.

update users set invite_balance = invite_balance * 100 where invite_balance <> 0;
update roles set charge = charge * 100 where charge <> 0;
update courses set charge = charge * 100 where charge <> 0;
update videos set charge = charge * 100 where charge <> 0;
update user_courses set charge = charge * 100 where charge <> 0;
update user_videos set charge = charge * 100 where charge <> 0;
update promo_codes
  set invited_user_reward = invited_user_reward * 100, invite_user_reward = invite_user_reward * 100
  where invited_user_reward <> 0 or invite_user_reward <> 0;
update orders
  set charge = charge * 100, discount = discount * 100, amount = amount * 100, refunded_amount = refunded_amount * 100;
update order_goods set goods_charge = goods_charge * 100, goods_ori_charge = goods_ori_charge * 100;
update refunds set amount = amount * 100;
-- The course ranking now counts what the orders paid (net of refunds at read time) instead of the
-- list price: the rollup starts again from the first paid order on its next run.
delete from course_sales_daily;
delete from dashboard_rollups where name = 'course_sales';
-- The refunds the ranking takes off: few orders, read by the range of their payment.
create index orders_refunded_paid_at_idx on orders (paid_at) include (id, charge, refunded_amount)
  where refunded_amount > 0 and status in (9, 11);

comment on column users.invite_balance is 'fen';
comment on column roles.charge is 'fen';
comment on column courses.charge is 'fen';
comment on column videos.charge is 'fen';
comment on column user_courses.charge is 'fen paid';
comment on column user_videos.charge is 'fen paid';
comment on column promo_codes.invited_user_reward is 'fen off for the buyer (amount codes)';
comment on column promo_codes.invite_user_reward is 'fen credited to the owner per paid order';
comment on column orders.charge is 'fen';
comment on column orders.discount is 'fen';
comment on column orders.amount is 'fen';
comment on column orders.refunded_amount is 'fen';
comment on column order_goods.goods_charge is 'fen';
comment on column order_goods.goods_ori_charge is 'fen';
comment on column refunds.amount is 'fen';
comment on column course_sales_daily.sales is 'fen paid for the course, before refunds';
