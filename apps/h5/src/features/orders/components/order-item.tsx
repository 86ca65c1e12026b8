import { ORDER_STATUS } from '@kezhan/contract/browser';
import type { MemberOrder } from '@kezhan/contract/orders';
import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router-dom';
import { checkoutUrl, type CheckoutGoodsType } from '@/shared/utils/checkout-url';
import { changeTime } from '@/shared/utils/time';

const GOODS_TYPES: Record<string, CheckoutGoodsType> = { COURSE: 'vod', ROLE: 'role' };

/** Only an order still open: a cancelled one (e.g. its course was bought by another order) never. */
const stillOpen = (order: MemberOrder) =>
  order.continue_pay && (order.status === ORDER_STATUS.UNPAID || order.status === ORDER_STATUS.PAYING);

function continueUrl(order: MemberOrder): string | null {
  const goods = order.goods[0];
  const type = goods ? GOODS_TYPES[goods.goods_type] : undefined;
  if (!stillOpen(order) || !goods || !type) return null;
  return checkoutUrl({
    type,
    id: goods.goods_id,
    name: goods.goods_name,
    charge: goods.goods_charge,
    thumb: goods.goods_thumb,
    orderId: order.order_id,
    orderAmount: order.amount,
  });
}

export function OrderItem({ order }: { order: MemberOrder }) {
  const navigate = useNavigate();
  const name = order.goods[0]?.goods_name || `订单${order.order_id}`;
  const payUrl = continueUrl(order);
  return (
    <article className="kz-order" aria-label={name}>
      <div className="kz-order-top">
        <time dateTime={order.created_at}>{changeTime(order.created_at)}</time>
        <span className={order.status === 9 ? 'kz-order-status--paid' : undefined}>{order.status_text}</span>
      </div>
      <div className="kz-order-body">
        <div>
          <p className="kz-order-name">{name}</p>
          <p className="kz-order-meta">
            {order.payment_text ? `${order.payment_text} · ` : ''}订单号 {order.order_id}
          </p>
          {order.discount > 0 ? (
            <p className="kz-order-meta">
              优惠￥{order.discount}，实付￥{order.amount}
            </p>
          ) : null}
          {order.is_refund === 1 ? (
            <p className="kz-order-refund">已退金额：￥{order.refunded_charge.toFixed(2)}</p>
          ) : null}
        </div>
        <span className="kz-order-charge">￥{order.charge}</span>
      </div>
      {payUrl ? (
        <div className="kz-order-actions">
          <Button size="small" color="primary" fill="outline" onClick={() => navigate(payUrl)}>
            继续支付
          </Button>
        </div>
      ) : null}
    </article>
  );
}
