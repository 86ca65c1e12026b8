import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@kezhan/contract/orders';
import { memberIdOf } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { paymentGatewaysFor } from '../../providers/payment/create-payment-gateways';
import { handPayInstructions } from '../../providers/payment/hand-pay';
import { chooseHandPay } from '../orders/order-service';
import { beginBrowserPayment, issuePayTicket, offeredPayments, redeemPayTicket } from './payment-service';

/** Choosing and starting a payment. */
export default async function paymentRoutes(app: FastifyInstance) {
  const services = app.services;
  const { settings, env } = services;
  const gateways = paymentGatewaysFor(services);

  route(app, paymentsApi.methods, async (request) => {
    const { scene } = request.query;
    return ok(offeredPayments(scene, await settings.snapshot(), gateways, env.appUrl));
  });

  /** Step 1 of a browser payment: a single-use ticket for the redirect below (5 minutes). */
  route(app, paymentsApi.ticket, async (request) => {
    const body = request.body;
    return ok(await issuePayTicket(services, memberIdOf(request), body.order_id));
  });

  /** Step 2: a browser navigation; answers a redirect to the gateway's cashier. */
  route(app, paymentsApi.redirect, async (request, reply) => {
    const query = request.query;
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

  route(app, paymentsApi.handPay, async (request) => {
    const body = request.body;
    const snapshot = await settings.snapshot();
    if (snapshot.int('payment.handPay.enabled') !== 1) throw new BusinessError('错误');
    await chooseHandPay(services, memberIdOf(request), body.order_id);
    return ok({ text: handPayInstructions(snapshot) });
  });

  route(app, paymentsApi.handPayText, async () =>
    ok({ text: handPayInstructions(await settings.snapshot()) }),
  );
}
