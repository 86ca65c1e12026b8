import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORDER_STATUS, type PaymentScene } from '@kezhan/contract/orders';
import { unifiedOrderApi } from '@kezhan/contract/unified-order';
import { paymentGatewaysFor } from '../../providers/payment/create-payment-gateways';
import { handPayInstructions } from '../../providers/payment/hand-pay';
import { BusinessError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { chooseHandPay, findMemberOrder } from '../orders/order-service';
import { deliveryRefusal } from '../orders/payable';
import { cashierSession } from '../orders/unified-order';
import { fenToYuanText } from '../../shared/money';
import { escapeHtml, page } from './gateway-routes';
import { renderSVG } from 'uqr';
import { beginBrowserPayment, nativePayment, offeredPayments, safeReturnUrl } from './payment-service';

/** Inside WeChat, on a phone, or on a computer: decides which gateways the cashier offers. */
export function sceneOf(userAgent: string): PaymentScene {
  if (/micromessenger/i.test(userAgent)) return 'wechat';
  if (/mobile|android|iphone|ipad/i.test(userAgent)) return 'h5';
  return 'pc';
}

/** MeEdu's cashier posts `wechat` / `alipay` (+ `platform=h5`); ours posts the gateway sign. */
function chosenSign(method: string, platform: string, scene: PaymentScene): string {
  if (method !== 'wechat') return method;
  if (scene === 'wechat') return 'wechat-jsapi';
  if (scene === 'pc' && platform !== 'h5') return 'wechat';
  return 'wechat_h5';
}

/**
 * The cashier of `POST /api/v3/order` orders (`pay_url`). The `sign` in its address stands for
 * one order of one member for 30 minutes; it can pay that order and do nothing else.
 */
export default async function cashierRoutes(app: FastifyInstance) {
  const services = app.services;
  const gateways = paymentGatewaysFor(services);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const loadOrder = async (sign: string | undefined) => {
    const session = await cashierSession(services, sign);
    if (!session) return null;
    const order = await findMemberOrder(services.db, session.userId, session.orderNo);
    return { session, order };
  };
  const returnUrl = async (candidate: string | undefined, fallback: string) =>
    safeReturnUrl(services, await services.settings.snapshot(), candidate, fallback);
  const successPage = async (reply: Parameters<typeof page>[0], sUrl: string | undefined) => {
    const target = await returnUrl(sUrl, '/order/success');
    reply.header('refresh', `3;url=${target}`);
    return page(
      reply,
      '支付成功',
      `<h1 style="font-size:18px">支付成功</h1><p>您的交易已完成</p><p><a href="${escapeHtml(target)}">返回</a></p>`,
    );
  };
  const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');

  route(app, unifiedOrderApi.cashier, async (request, reply) => {
    const { sign, s_url: sUrl, f_url: fUrl } = request.query;
    const found = await loadOrder(sign);
    if (!found) return page(reply, '收银台', '<p>参数错误</p>', 400);
    const { order } = found;
    if (order.status === ORDER_STATUS.PAID) return successPage(reply, sUrl);
    const refusal = await deliveryRefusal(services.db, order);
    if (refusal) return page(reply, '收银台', `<p>${escapeHtml(refusal.message)}</p>`, 409);
    if (order.status === ORDER_STATUS.CANCELLED) return page(reply, '收银台', '<p>订单已取消</p>', 410);
    const goods = await services.db
      .selectFrom('order_goods')
      .select('goods_name')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (!goods) return page(reply, '收银台', '<p>订单信息有误</p>', 409);
    const methods = offeredPayments(
      sceneOf(userAgentOf(request)),
      await services.settings.snapshot(),
      gateways,
      services.env.appUrl,
    );
    const query = new URLSearchParams({
      sign: sign!,
      ...(sUrl ? { s_url: sUrl } : {}),
      ...(fUrl ? { f_url: fUrl } : {}),
    });
    const choices = methods
      .map(
        (method, index) =>
          `<label style="display:flex;align-items:center;min-height:44px;gap:8px"><input type="radio" name="payment_method" value="${escapeHtml(method.sign)}"${index === 0 ? ' checked' : ''}>${escapeHtml(method.name)}</label>`,
      )
      .join('');
    const cancel = sUrl
      ? `<a href="${escapeHtml(await returnUrl(fUrl, '/'))}"><button class="cancel" type="button">取消支付</button></a>`
      : '';
    return page(
      reply,
      '收银台',
      `<h1 style="font-size:18px">收银台</h1>
<p>订单号：${escapeHtml(order.order_id)}</p>
<p>商品：${escapeHtml(goods.goods_name)}</p>
<p>原价：￥${fenToYuanText(order.charge)}</p>
${order.discount > 0 ? `<p>优惠码抵扣 -￥${fenToYuanText(order.discount)}</p>` : ''}
<p>支付金额</p><div class="amount">￥${fenToYuanText(order.amount)}</div>
${
  methods.length > 0
    ? `<form method="post" action="/payment/index?${escapeHtml(query.toString())}">${choices}<button class="pay" type="submit">确认支付</button></form>`
    : '<p>暂无可用的支付方式，请联系客服。</p>'
}
${cancel}`,
    );
  });

  route(app, unifiedOrderApi.cashierPay, async (request, reply) => {
    const { sign, s_url: sUrl, f_url: fUrl } = request.query;
    const found = await loadOrder(sign);
    if (!found) return page(reply, '收银台', '<p>参数错误</p>', 400);
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const scene = sceneOf(userAgentOf(request));
    const chosen = chosenSign(form.get('payment_method') ?? '', form.get('platform') ?? '', scene);
    try {
      if (chosen === 'handPay') {
        const settings = await services.settings.snapshot();
        if (settings.int('payment.handPay.enabled') !== 1) throw new BusinessError('错误');
        await chooseHandPay(services, found.session.userId, found.order.order_id);
        return page(
          reply,
          '线下支付',
          `<h1 style="font-size:18px">线下支付</h1>${handPayInstructions(settings)}`,
        );
      }
      const location = await beginBrowserPayment(
        services,
        gateways,
        {
          userId: found.session.userId,
          orderNo: found.order.order_id,
          sign: chosen,
          scene,
          returnUrl: sUrl
            ? `${services.env.appUrl}/payment/success?s_url=${encodeURIComponent(sUrl)}`
            : undefined,
          quitUrl: fUrl,
          clientIp: request.ip,
        },
        request.log,
      );
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      return page(
        reply,
        '收银台',
        `<p>${escapeHtml(error.message === '错误' ? '未开启该支付方式' : error.message)}</p>`,
        409,
      );
    }
  });

  route(app, unifiedOrderApi.wechatNative, async (request, reply) => {
    const payment = await nativePayment(services, request.params.page);
    if (!payment) return page(reply, '微信扫码支付', '<p>支付链接已失效，请返回重新支付。</p>', 410);
    const order = await services.db
      .selectFrom('orders')
      .select(['status', 'amount'])
      .where('order_id', '=', payment.orderNo)
      .executeTakeFirst();
    if (order?.status === ORDER_STATUS.PAID) return reply.redirect(payment.returnUrl, 303);
    if (!order || order.status === ORDER_STATUS.CANCELLED)
      return page(reply, '微信扫码支付', '<p>订单已取消</p>', 410);
    reply.header('refresh', '5');
    return page(
      reply,
      '微信扫码支付',
      `<h1 style="font-size:18px">微信扫码支付</h1>
<p>订单号：${escapeHtml(payment.orderNo)}</p>
<div class="amount">￥${fenToYuanText(order.amount)}</div>
<div role="img" aria-label="微信支付二维码" style="width:220px;margin:0 auto">${renderSVG(payment.codeUrl)}</div>
<p>请使用微信扫一扫完成支付，支付成功后本页自动跳转。</p>`,
    );
  });

  route(app, unifiedOrderApi.cashierSuccess, async (request, reply) =>
    successPage(reply, request.query.s_url),
  );
}
