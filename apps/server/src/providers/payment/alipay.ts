import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from './keys';
import {
  centsToYuanText,
  chinaDateTime,
  type GatewayReply,
  type IncomingNotification,
  type NotifyingGateway,
  type PaymentRequest,
  type VerifiedNotification,
  yuanTextToCents,
} from './payment-gateway';

export interface AlipayConfig {
  appId: string;
  /** Our application private key (RSA2048), PEM or bare base64. */
  privateKey: string;
  /** Alipay's public key (from the Alipay console), PEM or bare base64. */
  publicKey: string;
  /** `https://openapi.alipay.com/gateway.do` (sandbox: `https://openapi-sandbox.dl.alipaydev.com/gateway.do`). */
  gateway: string;
}

export const isAlipayConfigured = (config: AlipayConfig) =>
  Boolean(config.appId && config.privateKey && config.publicKey && config.gateway);

/** Request signing content: non-empty parameters except `sign`, sorted, `k=v` joined by `&`. */
export function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Notification check content: every parameter except `sign` and `sign_type`, sorted. */
export function alipayNotifyContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay open platform, mobile website payment (`alipay.trade.wap.pay`), RSA2 signatures. */
export class AlipayGateway implements NotifyingGateway {
  readonly source = 'alipay';
  private readonly privateKey: KeyObject;
  private readonly alipayPublicKey: KeyObject;

  constructor(private readonly config: AlipayConfig) {
    this.privateKey = loadPrivateKey(config.privateKey);
    this.alipayPublicKey = loadPublicKey(config.publicKey);
  }

  private sign(params: Record<string, string>): string {
    return createSign('RSA-SHA256').update(alipaySignContent(params), 'utf8').sign(this.privateKey, 'base64');
  }

  /**
   * The address of Alipay's cashier for this payment: the browser is redirected there (GET with
   * every signed parameter in the query, as the SDKs' `pageExecute(…, 'GET')` does).
   */
  wapPayUrl(request: PaymentRequest, now: Date): string {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaDateTime(now),
      version: '1.0',
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      biz_content: JSON.stringify({
        out_trade_no: request.outTradeNo,
        total_amount: centsToYuanText(request.amountCents),
        subject: request.subject.slice(0, 256),
        product_code: 'QUICK_WAP_WAY',
        quit_url: request.quitUrl,
        time_expire: chinaDateTime(request.expiresAt),
      }),
    };
    params.sign = this.sign(params);
    return `${this.config.gateway}?${new URLSearchParams(params).toString()}`;
  }

  /** Asynchronous notification (`application/x-www-form-urlencoded` POST). */
  verifyNotification(notification: IncomingNotification): VerifiedNotification {
    const params = Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (!params.sign) return { kind: 'invalid', reason: 'no signature', forged: true };
    if (params.sign_type && params.sign_type !== 'RSA2')
      return { kind: 'invalid', reason: `unsupported sign_type ${params.sign_type}`, forged: true };
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256')
        .update(alipayNotifyContent(params), 'utf8')
        .verify(this.alipayPublicKey, params.sign, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) return { kind: 'invalid', reason: 'bad signature', forged: true };
    if (params.app_id !== this.config.appId)
      return { kind: 'invalid', reason: `notification for app ${params.app_id}` };
    if (!params.out_trade_no) return { kind: 'invalid', reason: 'no out_trade_no' };
    if (!PAID_STATES.has(params.trade_status ?? ''))
      return {
        kind: 'ignored',
        outTradeNo: params.out_trade_no,
        reason: `trade_status ${params.trade_status}`,
      };
    return {
      kind: 'paid',
      outTradeNo: params.out_trade_no,
      tradeNo: params.trade_no ?? '',
      amountCents: yuanTextToCents(params.total_amount),
    };
  }

  /** Alipay stops retrying once it reads exactly `success`. */
  reply(accepted: boolean): GatewayReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
}
