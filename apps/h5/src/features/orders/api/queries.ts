import type {
  CreateCourseOrderBody,
  CreateRoleOrderBody,
  PaymentScene,
  PayTicketBody,
} from '@kezhan/contract/orders';
import { useApiMutation, useApiQuery, type QueryKey } from '@/shared/data/query';
import { checkPromoCode } from './check-promo-code';
import { createCourseOrder } from './create-course-order';
import { createPayTicket } from './create-pay-ticket';
import { createRoleOrder } from './create-role-order';
import { getCourse } from './get-course';
import { getPayments } from './get-payments';
import { getRole } from './get-role';
import { handPay } from './hand-pay';

/** Typed hooks over the checkout and payment endpoints. */
export const orderKeys = {
  goods: (type: 'vod' | 'role', id: number): QueryKey => ['checkout-goods', type, id],
  payments: (scene: PaymentScene): QueryKey => ['payments', scene],
  handPay: (orderId: string): QueryKey => ['hand-pay', orderId],
  /** 我的订单, a paged list (see usePagedList). */
  memberOrders: ['paged', 'member-orders'] as QueryKey,
};

export interface Goods {
  name: string;
  thumb: string;
  charge: number | null;
}

/** What is being bought, as the server has it now (a course or a VIP plan). */
export function useGoods(type: 'vod' | 'role', id: number) {
  return useApiQuery<Goods>(orderKeys.goods(type, id), async (signal) => {
    if (type === 'vod') {
      const { course } = (await getCourse(id, signal)).data;
      return { name: course.title, thumb: course.thumb, charge: course.charge };
    }
    const role = (await getRole(id, signal)).data;
    return { name: role.name, thumb: '', charge: role.charge };
  });
}

export function usePaymentMethods(scene: PaymentScene) {
  return useApiQuery(orderKeys.payments(scene), async (signal) => {
    const { data } = await getPayments(scene, signal);
    return Array.isArray(data) ? data : [];
  });
}

/** 手动打款: choosing it answers the payee instructions (HTML). */
export function useHandPayText(orderId: string) {
  return useApiQuery(
    orderKeys.handPay(orderId),
    async (signal) => (await handPay({ order_id: orderId }, { signal })).data.text ?? '',
    { enabled: orderId !== '' },
  );
}

/** A new order shows up in 我的订单. */
export function useCreateOrder() {
  return useApiMutation(
    async (
      order: { type: 'vod'; body: CreateCourseOrderBody } | { type: 'role'; body: CreateRoleOrderBody },
    ) =>
      (order.type === 'vod' ? await createCourseOrder(order.body) : await createRoleOrder(order.body)).data,
    [orderKeys.memberOrders],
  );
}

export function useCreatePayTicket() {
  return useApiMutation(async (body: PayTicketBody) => (await createPayTicket(body)).data);
}

export function useCheckPromoCode() {
  return useApiMutation(async (code: string) => (await checkPromoCode(code)).data);
}
