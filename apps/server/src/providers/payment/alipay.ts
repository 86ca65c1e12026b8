import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenToYuanText, yuanTextToFen } from '../../shared/money';
import { loadPrivateKey, loadPublicKey } from './keys';
import {
  chinaDateTime,
  GatewayError,
  type GatewayReply,
  type IncomingNotification,
  type NotifyingGateway,
  type PaymentRequest,
  type RefundAnswer,
  type RefundingGateway,
  type RefundRequest,
  type VerifiedNotification,
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

/**
 * The exact text of `"<key>": {…}` in an Alipay answer: Alipay signs those bytes, not a
 * re-serialisation, so the object is cut out of the answer as it arrived. Null when absent.
 */
export function alipaySignedSection(body: string, key: string): string | null {
  const marker = body.indexOf(`"${key}"`);
  if (marker < 0) return null;
  let start = body.indexOf(':', marker + key.length + 2);
  if (start < 0) return null;
  start += 1;
  while (/\s/.test(body[start] ?? '')) start += 1;
  if (body[start] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i += 1) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return body.slice(start, i + 1);
    }
  }
  return null;
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay open platform, mobile website payment (`alipay.trade.wap.pay`), RSA2 signatures. */
export class AlipayGateway implements NotifyingGateway, RefundingGateway {
  readonly source = 'alipay';
  private readonly privateKey: KeyObject;
  private readonly alipayPublicKey: KeyObject;

  constructor(
    private readonly config: AlipayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
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
        total_amount: fenToYuanText(request.amountCents),
        subject: request.subject.slice(0, 256),
        product_code: 'QUICK_WAP_WAY',
        quit_url: request.quitUrl,
        time_expire: chinaDateTime(request.expiresAt),
      }),
    };
    params.sign = this.sign(params);
    return `${this.config.gateway}?${new URLSearchParams(params).toString()}`;
  }

  /**
   * `alipay.trade.refund`: a signed form POST; Alipay answers at once, signed with its key over
   * the exact text of `alipay_trade_refund_response`. Sending the same `out_request_no` again
   * refunds nothing twice. An unsigned or unreadable answer is a `GatewayError` (outcome unknown).
   */
  async refund(request: RefundRequest, now: Date): Promise<RefundAnswer> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method: 'alipay.trade.refund',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaDateTime(now),
      version: '1.0',
      biz_content: JSON.stringify({
        out_trade_no: request.outTradeNo,
        ...(request.tradeNo ? { trade_no: request.tradeNo } : {}),
        refund_amount: fenToYuanText(request.refundCents),
        out_request_no: request.outRefundNo,
        refund_reason: request.reason.slice(0, 256),
      }),
    };
    params.sign = this.sign(params);
    let text: string;
    try {
      const response = await this.fetchImpl(`${this.config.gateway}?charset=utf-8`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      text = await response.text();
    } catch (error) {
      throw new GatewayError(`Alipay unreachable: ${(error as Error).message}`);
    }
    const section = alipaySignedSection(text, 'alipay_trade_refund_response');
    let sign = '';
    try {
      sign = String((JSON.parse(text) as { sign?: unknown }).sign ?? '');
    } catch {
      throw new GatewayError('Alipay answer is not JSON');
    }
    let valid = false;
    try {
      valid =
        section !== null &&
        sign !== '' &&
        createVerify('RSA-SHA256').update(section, 'utf8').verify(this.alipayPublicKey, sign, 'base64');
    } catch {
      valid = false;
    }
    if (!valid || section === null) throw new GatewayError('Alipay refund answer is not signed by Alipay');
    const answer = JSON.parse(section) as Record<string, string | undefined>;
    if (answer.code !== '10000')
      return {
        status: 'failed',
        reason: `${answer.sub_code ?? answer.code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''}`.trim(),
      };
    if (answer.out_trade_no && answer.out_trade_no !== request.outTradeNo)
      throw new GatewayError(`Alipay answered for trade ${answer.out_trade_no}`);
    return { status: 'succeeded', gatewayRefundNo: answer.trade_no ?? '' };
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
      amountCents: yuanTextToFen(params.total_amount),
    };
  }

  /** Alipay stops retrying once it reads exactly `success`. */
  reply(accepted: boolean): GatewayReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
}
