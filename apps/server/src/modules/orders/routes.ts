import type { FastifyInstance } from 'fastify';
import {
  createCourseOrderBody,
  createRoleOrderBody,
  memberOrdersQuery,
  orderStatusQuery,
  type OrderStatusData,
} from '@kezhan/contract/orders';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { parseId, validate } from '../../shared/http/validate';
import { statusText } from './order-state';
import { listMemberOrders } from './order-queries';
import { createCourseOrder, createRoleOrder, findMemberOrder } from './order-service';
import { checkPromoCode, findPromoCode, serializePromoCode } from './promo-codes';
import { findRole, listRoles } from './roles';

/** VIP plans, promo codes, order creation and the member's orders (api-contract §9). */
export default async function orderRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db } = services;

  app.get('/api/v2/roles', async () => ok(await listRoles(db)));

  app.get('/api/v2/role/:id', async (request) => {
    const role = await findRole(db, parseId((request.params as { id: string }).id));
    if (!role) throw new BusinessError('错误');
    return ok(role);
  });

  app.get('/api/v2/promoCode/:code/check', { preHandler: requireMember }, async (request) => {
    const { code } = request.params as { code: string };
    return ok(await checkPromoCode(db, memberIdOf(request), code, services.now()));
  });

  app.get('/api/v2/promoCode/:code', async (request) => {
    const promo = await findPromoCode(db, (request.params as { code: string }).code);
    if (!promo) throw new BusinessError('错误');
    return ok(serializePromoCode(promo));
  });

  app.post('/api/v2/order/course', { preHandler: requireMember }, async (request) => {
    const body = validate(createCourseOrderBody, request.body);
    return ok(await createCourseOrder(services, memberIdOf(request), body.course_id, body.promo_code));
  });

  app.post('/api/v2/order/role', { preHandler: requireMember }, async (request) => {
    const body = validate(createRoleOrderBody, request.body);
    return ok(await createRoleOrder(services, memberIdOf(request), body.role_id, body.promo_code));
  });

  app.get('/api/v2/member/orders', { preHandler: requireMember }, async (request) => {
    const query = validate(memberOrdersQuery, request.query);
    return ok(await listMemberOrders(db, memberIdOf(request), query.page, query.page_size));
  });

  /** What `/order/success` polls: the gateway's return alone never proves payment. */
  app.get('/api/v2/order/status', { preHandler: requireMember }, async (request) => {
    const query = validate(orderStatusQuery, request.query);
    const order = await findMemberOrder(db, memberIdOf(request), query.order_id);
    const data: OrderStatusData = {
      status: order.status as OrderStatusData['status'],
      status_text: statusText(order.status),
    };
    return ok(data);
  });
}
