import type { MemberOrder, MemberOrdersPage, OrderGoods } from '@kezhan/contract/orders';
import type { Db } from '../../shared/db/database';
import { laravelPage } from '../../shared/http/pagination';
import { serializeCreatedOrder } from './order-service';
import { fenToYuan } from '../../shared/money';

/** `GET /api/v2/member/orders`: the member's orders, newest first, with their goods. */
export async function listMemberOrders(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
): Promise<MemberOrdersPage> {
  const [{ total }, orders] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  const goods =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_goods')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .orderBy('id')
          .execute();
  const items: MemberOrder[] = orders.map((order) => ({
    ...serializeCreatedOrder(order),
    payment_method: order.payment_method,
    is_refund: order.refunded_amount > 0 ? 1 : 0,
    refunded_charge: fenToYuan(order.refunded_amount),
    refund_amount: fenToYuan(order.refunded_amount),
    goods: goods
      .filter((item) => item.order_id === order.id)
      .map((item): OrderGoods => ({
        num: item.num,
        goods_text: item.goods_type,
        charge: fenToYuan(item.goods_charge * item.num),
        goods_type: item.goods_type,
        goods_name: item.goods_name,
        goods_thumb: item.goods_thumb,
        goods_id: item.goods_id,
        goods_charge: fenToYuan(item.goods_charge),
        goods_ori_charge: fenToYuan(item.goods_ori_charge),
      })),
  }));
  return laravelPage({ path: 'api/v2/member/orders', page, perPage, total: Number(total), items });
}
