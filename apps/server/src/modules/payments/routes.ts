import type { FastifyInstance } from 'fastify';
import { handPayBody, paymentsQuery, payRedirectQuery, payTicketBody } from '@kezhan/contract/orders';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { validate } from '../../shared/http/validate';
import { paymentGatewaysFor } from '../../providers/payment/create-payment-gateways';
import { handPayInstructions } from '../../providers/payment/hand-pay';
import { chooseHandPay } from '../orders/order-service';
import { beginBrowserPayment, issuePayTicket, offeredPayments, redeemPayTicket } from './payment-service';

/** Choosing and starting a payment (api-contract §9.2, §9.5). */
export default async function paymentRoutes(app: FastifyInstance) {
  const services = app.services;
  const { settings, env } = services;
  const gateways = paymentGatewaysFor(services);

  app.get('/api/v2/order/payments', { preHandler: requireMember }, async (request) => {
    const { scene } = validate(paymentsQuery, request.query);
    return ok(offeredPayments(scene, await settings.snapshot(), gateways, env.appUrl));
  });

  /** Step 1 of a browser payment: a single-use ticket for the redirect below (5 minutes). */
  app.post('/api/v3/order/pay/ticket', { preHandler: requireMember }, async (request) => {
    const body = validate(payTicketBody, request.body);
    return ok(await issuePayTicket(services, memberIdOf(request), body.order_id));
  });

  /** Step 2: a browser navigation; answers a redirect to the gateway's cashier. */
  app.get('/api/v2/order/pay/redirect', async (request, reply) => {
    const query = validate(payRedirectQuery, request.query);
    const userId = await redeemPayTicket(services, query.ticket, query.order_id);
    const location = await beginBrowserPayment(
      services,
      gateways,
      {
        userId,
        orderNo: query.order_id,
        sign: query.payment,
        scene: query.payment_scene,
        returnUrl: query.s_url ?? query.redirect,
        quitUrl: query.f_url,
        clientIp: request.ip,
      },
      request.log,
    );
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  app.post('/api/v3/order/pay/handPay', { preHandler: requireMember }, async (request) => {
    const body = validate(handPayBody, request.body);
    const snapshot = await settings.snapshot();
    if (snapshot.int('payment.handPay.enabled') !== 1) throw new BusinessError('错误');
    await chooseHandPay(services, memberIdOf(request), body.order_id);
    return ok({ text: handPayInstructions(snapshot) });
  });

  app.get('/api/v2/order/pay/handPay', { preHandler: requireMember }, async () =>
    ok({ text: handPayInstructions(await settings.snapshot()) }),
  );
}
