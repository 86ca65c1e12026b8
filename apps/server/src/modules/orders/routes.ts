import type { FastifyInstance } from 'fastify';
import { ordersApi, type OrderStatusData } from '@kezhan/contract/orders';
import { memberIdOf } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { statusText } from './order-state';
import { listMemberOrders } from './order-queries';
import { createCourseOrder, createRoleOrder, findMemberOrder } from './order-service';
import { checkPromoCode, findPromoCode, serializePromoCode } from './promo-codes';
import { findRole, listRoles } from './roles';
import { unifiedOrderApi } from '@kezhan/contract/unified-order';
import { createUnifiedOrder } from './unified-order';
import { recordAgreements } from '../agreements/agreements-service';
import { clientOf } from '../../shared/http/client-info';

/** VIP plans, promo codes, order creation and the member's orders. */
export default async function orderRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db } = services;

  route(app, ordersApi.roles, async () => ok(await listRoles(db)));

  route(app, ordersApi.role, async (request) => {
    const role = await findRole(db, request.params.id);
    if (!role) throw new BusinessError('错误');
    return ok(role);
  });

  route(app, ordersApi.checkPromoCode, async (request) => {
    const { code } = request.params;
    return ok(await checkPromoCode(db, memberIdOf(request), code, services.now()));
  });

  route(app, ordersApi.promoCode, async (request) => {
    const promo = await findPromoCode(db, request.params.code);
    if (!promo) throw new BusinessError('错误');
    return ok(serializePromoCode(promo));
  });

  route(app, ordersApi.createCourseOrder, async (request) => {
    const body = request.body;
    return ok(await createCourseOrder(services, memberIdOf(request), body.course_id, body.promo_code));
  });

  route(app, ordersApi.createRoleOrder, async (request) => {
    const body = request.body;
    return ok(await createRoleOrder(services, memberIdOf(request), body.role_id, body.promo_code));
  });

  /** The 2026 clients' single entry: same service as the two routes above. */
  route(app, unifiedOrderApi.create, async (request) => {
    const body = request.body;
    return ok(
      await createUnifiedOrder(services, memberIdOf(request), {
        goodsType: body.goods_type,
        goodsId: body.goods_id,
        promoCode: body.promo_code,
        agreeProtocol: body.agree_protocol,
        onAgreed: async (type) =>
          recordAgreements(
            db,
            await services.settings.snapshot(),
            memberIdOf(request),
            [type === 'COURSE' ? 'paid_content_purchase_agreement' : 'vip_service_agreement'],
            clientOf(request),
            services.now(),
          ),
      }),
    );
  });

  route(app, ordersApi.memberOrders, async (request) => {
    const query = request.query;
    return ok(await listMemberOrders(db, memberIdOf(request), query.page, query.page_size));
  });

  /** What `/order/success` polls: the gateway's return alone never proves payment. */
  route(app, ordersApi.status, async (request) => {
    const query = request.query;
    const order = await findMemberOrder(db, memberIdOf(request), query.order_id);
    const data: OrderStatusData = {
      status: order.status as OrderStatusData['status'],
      status_text: statusText(order.status),
    };
    return ok(data);
  });
}
