import { randomBytes } from 'node:crypto';
import type { PaymentMethod, PaymentScene, PaymentSign, PayTicket } from '@kezhan/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import { issueNavigationTicket, redeemNavigationTicket } from '../../shared/auth/navigation-tickets';
import type { AppServices } from '../../services';
import { AuthenticationError, BusinessError } from '../../shared/http/errors';
import { failure } from '../../shared/http/envelope';
import { RATE_LIMITED_MESSAGE } from '../../shared/http/error-handler';
import { siteRedirectPolicy } from '../../shared/http/redirect-policy';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { ORDER_TTL_MINUTES, findMemberOrder, startPayment } from '../orders/order-service';
import { assertPayable } from '../orders/payable';
import { PAYMENT_NAMES } from '../orders/payment-names';
import { sendRefund } from '../orders/refunds';
import { settlePayment } from '../orders/settle';
import type { PaymentGateways } from '../../providers/payment/create-payment-gateways';
import {
  GatewayError,
  type IncomingNotification,
  type NotifyingGateway,
  type PaymentRequest,
  type VerifiedNotification,
} from '../../providers/payment/payment-gateway';

export const PAY_LINK_EXPIRED_MESSAGE = '支付链接已失效，请重新支付';
export const ORDER_EXPIRED_MESSAGE = '订单已超时，请重新下单';
export const GATEWAY_UNAVAILABLE_MESSAGE = '支付渠道暂时不可用，请稍后再试';

/** Which gateway serves which scene; `wechat_h5` and `sandbox` are ours. */
const GATEWAY_SCENES: Record<PaymentSign, readonly PaymentScene[]> = {
  alipay: ['h5'],
  'wechat-jsapi': ['wechat'],
  wechat_h5: ['h5'],
  wechat: ['pc'],
  handPay: ['h5', 'wechat', 'pc'],
  sandbox: ['h5', 'wechat', 'pc'],
};

/** The signs each notifying source may settle an order as. */
export const SIGNS_BY_SOURCE: Record<string, string[]> = {
  alipay: ['alipay'],
  wechat: ['wechat-jsapi', 'wechat_h5', 'wechat'],
  sandbox: ['sandbox'],
  handPay: ['handPay'],
};

function isReady(sign: PaymentSign, gateways: PaymentGateways): boolean {
  if (sign === 'alipay') return Boolean(gateways.alipay);
  if (sign === 'wechat-jsapi' || sign === 'wechat_h5' || sign === 'wechat') return Boolean(gateways.wechat);
  if (sign === 'sandbox') return Boolean(gateways.sandbox);
  return true;
}

/** Gateways enabled in the settings, configured on this node and serving the scene, by sign. */
export function offeredPayments(
  scene: PaymentScene,
  settings: SettingsSnapshot,
  gateways: PaymentGateways,
  appUrl: string,
): PaymentMethod[] {
  return (Object.keys(GATEWAY_SCENES) as PaymentSign[])
    .filter((sign) => GATEWAY_SCENES[sign].includes(scene))
    .filter((sign) => settings.int(`payment.${sign}.enabled`) === 1 && isReady(sign, gateways))
    .sort()
    .map((sign) => ({ sign, name: PAYMENT_NAMES[sign].name, icon: `${appUrl}/images/payment/${sign}.png` }));
}

// ---------------------------------------------------------------------------------------------
// Payment tickets: the browser navigation to the gateway carries this, never the login token.

const PAY_TICKET = 'pay';

export async function issuePayTicket(
  services: AppServices,
  userId: number,
  orderNo: string,
): Promise<PayTicket> {
  const order = await findMemberOrder(services.db, userId, orderNo);
  await assertPayable(services.db, order);
  return issueNavigationTicket(services.store, PAY_TICKET, { userId, orderNo });
}

/** Spends a ticket (once, across nodes); returns the member it was issued to. */
export async function redeemPayTicket(services: AppServices, ticket: string | undefined, orderNo: string) {
  if (!ticket) throw new AuthenticationError();
  const issued = await redeemNavigationTicket<{ userId: number; orderNo: string }>(
    services.store,
    PAY_TICKET,
    ticket,
  );
  if (!issued || issued.orderNo !== orderNo) throw new BusinessError(PAY_LINK_EXPIRED_MESSAGE);
  return issued.userId;
}

// ---------------------------------------------------------------------------------------------
// Return addresses: only to our own sites, so a payment link cannot bounce members elsewhere.

export function safeReturnUrl(
  services: AppServices,
  settings: SettingsSnapshot,
  candidate: string | undefined,
  fallbackPath: string,
): string {
  return (
    siteRedirectPolicy(services.env, settings).check(candidate) ?? `${services.env.appUrl}${fallbackPath}`
  );
}

// ---------------------------------------------------------------------------------------------
// Starting a browser payment

export interface BrowserPayment {
  userId: number;
  orderNo: string;
  sign: string;
  scene: PaymentScene;
  returnUrl: string | undefined;
  quitUrl: string | undefined;
  clientIp: string;
}

const jsapiKey = (state: string) => `pay-wxjsapi:${state}`;
const nativeKey = (page: string) => `pay-wxnative:${page}`;

/** The QR page of a WeChat Native payment: what to encode, and where to go once paid. */
export async function nativePayment(services: AppServices, page: string) {
  if (!/^[\w-]{32}$/.test(page)) return null;
  const stored = await services.store.get(nativeKey(page));
  return stored ? (JSON.parse(stored) as { codeUrl: string; orderNo: string; returnUrl: string }) : null;
}

/**
 * `GET /api/v2/order/pay/redirect`: checks the order, marks it paying with the chosen gateway
 * and answers where the browser goes next (the gateway's cashier, the WeChat OAuth step of
 * JSAPI, or the sandbox page).
 */
export async function beginBrowserPayment(
  services: AppServices,
  gateways: PaymentGateways,
  payment: BrowserPayment,
  log: FastifyBaseLogger,
): Promise<string> {
  const settings = await services.settings.snapshot();
  const offered = offeredPayments(payment.scene, settings, gateways, services.env.appUrl).map(
    (item) => item.sign,
  );
  if (payment.sign === 'handPay' || !offered.includes(payment.sign as PaymentSign))
    throw new BusinessError('错误');
  const order = await findMemberOrder(services.db, payment.userId, payment.orderNo);
  await assertPayable(services.db, order);
  const now = services.now();
  const expiresAt = new Date(order.created_at.getTime() + ORDER_TTL_MINUTES * 60_000);
  if (expiresAt.getTime() - now.getTime() < 60_000) throw new BusinessError(ORDER_EXPIRED_MESSAGE);

  const goods = await services.db
    .selectFrom('order_goods')
    .select('goods_name')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const request: PaymentRequest = {
    outTradeNo: order.order_id,
    subject: goods?.goods_name || `订单${order.order_id}`,
    amountCents: order.amount,
    notifyUrl: '',
    returnUrl: safeReturnUrl(services, settings, payment.returnUrl, '/order/success'),
    quitUrl: safeReturnUrl(services, settings, payment.quitUrl, '/'),
    expiresAt,
    clientIp: payment.clientIp,
  };
  await startPayment(services, order, payment.sign);
  const { appUrl } = services.env;
  try {
    switch (payment.sign) {
      case 'alipay':
        return gateways.alipay!.wapPayUrl(
          { ...request, notifyUrl: `${appUrl}/payment/callback/alipay` },
          now,
        );
      case 'wechat_h5':
        return await gateways.wechat!.createH5({
          ...request,
          notifyUrl: `${appUrl}/payment/callback/wechat`,
        });
      case 'wechat-jsapi': {
        const state = randomBytes(24).toString('base64url');
        await services.store.set(
          jsapiKey(state),
          JSON.stringify({
            userId: payment.userId,
            orderNo: order.order_id,
            returnUrl: request.returnUrl,
            quitUrl: request.quitUrl,
          }),
          600,
        );
        return gateways.wechat!.oauthUrl(`${appUrl}/payment/wechat/jsapi`, state);
      }
      case 'wechat': {
        const codeUrl = await gateways.wechat!.createNative({
          ...request,
          notifyUrl: `${appUrl}/payment/callback/wechat`,
        });
        const page = randomBytes(24).toString('base64url');
        await services.store.set(
          nativeKey(page),
          JSON.stringify({ codeUrl, orderNo: order.order_id, returnUrl: request.returnUrl }),
          Math.max(60, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
        );
        return `${appUrl}/payment/wechat/native/${page}`;
      }
      case 'sandbox':
        return `${appUrl}/payment/sandbox/${await gateways.sandbox!.start(request, now)}`;
      default:
        throw new BusinessError('错误');
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log.error({ err: error, orderNo: order.order_id, sign: payment.sign }, 'payment gateway failed');
    throw new BusinessError(GATEWAY_UNAVAILABLE_MESSAGE);
  }
}

/** The JSAPI page after WeChat OAuth: the signed WeixinJSBridge parameters for the order. */
export async function prepareJsapiPayment(
  services: AppServices,
  gateways: PaymentGateways,
  state: string,
  code: string,
) {
  if (!gateways.wechat || !/^[\w-]{32}$/.test(state)) return null;
  const stored = await services.store.take(jsapiKey(state));
  if (!stored) return null;
  const session = JSON.parse(stored) as {
    userId: number;
    orderNo: string;
    returnUrl: string;
    quitUrl: string;
  };
  const order = await findMemberOrder(services.db, session.userId, session.orderNo);
  await assertPayable(services.db, order);
  const openid = await gateways.wechat.openidFromCode(code);
  const goods = await services.db
    .selectFrom('order_goods')
    .select('goods_name')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const params = await gateways.wechat.createJsapi(
    {
      outTradeNo: order.order_id,
      subject: goods?.goods_name || `订单${order.order_id}`,
      amountCents: order.amount,
      notifyUrl: `${services.env.appUrl}/payment/callback/wechat`,
      returnUrl: session.returnUrl,
      quitUrl: session.quitUrl,
      expiresAt: new Date(order.created_at.getTime() + ORDER_TTL_MINUTES * 60_000),
      clientIp: '',
    },
    openid,
  );
  return { params, returnUrl: session.returnUrl, quitUrl: session.quitUrl };
}

// ---------------------------------------------------------------------------------------------
// Confirmations

/**
 * Settles a verified notification through the one settle path; logs what is not settled.
 * Returns whether the source should consider it delivered (a duplicate is delivered).
 */
export async function applyVerifiedNotification(
  services: AppServices,
  source: string,
  verified: VerifiedNotification,
  payload: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const now = services.now();
  if (verified.kind === 'invalid' && verified.forged) {
    // Not signed by the gateway: kept out of the database (anyone can post these, endlessly).
    log.warn({ source, reason: verified.reason }, 'forged payment notification refused');
    return false;
  }
  if (verified.kind !== 'paid') {
    await services.db
      .insertInto('order_payments')
      .values({
        order_id: null,
        out_trade_no: verified.kind === 'ignored' ? verified.outTradeNo.slice(0, 64) : '',
        gateway: source,
        outcome: verified.kind === 'ignored' ? 'ignored' : 'rejected',
        reason: verified.reason,
        payload: payload.slice(0, 8000),
        amount_cents: null,
        created_at: now,
      })
      .execute();
    if (verified.kind === 'invalid')
      log.warn({ source, reason: verified.reason }, 'payment notification refused');
    return verified.kind === 'ignored';
  }
  const result = await settlePayment(
    services.db,
    await services.settings.snapshot(),
    {
      source,
      signs: SIGNS_BY_SOURCE[source] ?? [source],
      outTradeNo: verified.outTradeNo,
      tradeNo: verified.tradeNo,
      amountCents: verified.amountCents,
      payload,
    },
    now,
  );
  if (result.outcome === 'rejected')
    log.warn({ source, orderNo: verified.outTradeNo, reason: result.reason }, 'payment notification refused');
  else if (result.outcome === 'duplicate' && result.reason !== 'already paid')
    log.error({ source, orderNo: verified.outTradeNo, reason: result.reason }, 'order paid twice');
  else if (result.outcome === 'refund') {
    log.warn(
      { source, orderNo: verified.outTradeNo, reason: result.reason },
      'payment refunded: goods already the member’s',
    );
    const refund = await sendRefund(services, result.refund, result.order);
    if (refund.status !== 'succeeded')
      log.warn(
        { orderNo: verified.outTradeNo, status: refund.status, failure: refund.failure_reason },
        'automatic refund not completed yet',
      );
  }
  return result.outcome !== 'rejected';
}

/** Failed notifications one IP may send a minute before it is refused without being checked. */
export const NOTIFY_FAILURES_PER_MINUTE = 30;

export async function receiveNotification(
  services: AppServices,
  gateway: NotifyingGateway,
  incoming: IncomingNotification,
  log: FastifyBaseLogger,
  clientIp = '',
) {
  const failuresKey = `payment:notify-failures:${clientIp}`;
  if (Number(await services.store.get(failuresKey)) >= NOTIFY_FAILURES_PER_MINUTE)
    return {
      status: 429,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(failure(RATE_LIMITED_MESSAGE, 429)),
    };
  const verified = gateway.verifyNotification(incoming, services.now());
  if (verified.kind === 'invalid') await services.store.increment(failuresKey, 60);
  const accepted = await applyVerifiedNotification(services, gateway.source, verified, incoming.rawBody, log);
  return gateway.reply(accepted);
}
