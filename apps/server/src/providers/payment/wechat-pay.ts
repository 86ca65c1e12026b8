import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { WechatPayEnv } from '../../config/env';
import { loadPrivateKey, loadPublicKey } from './keys';
import {
  chinaRfc3339,
  GatewayError,
  headerValue,
  type GatewayReply,
  type IncomingNotification,
  type NotifyingGateway,
  type PaymentRequest,
  type RefundAnswer,
  type RefundingGateway,
  type RefundRequest,
  type VerifiedNotification,
} from './payment-gateway';

/** WeChat Pay answered, signed, that it will not do what was asked (a 4xx). */
class WechatPayRefusal extends GatewayError {
  constructor(readonly reason: string) {
    super(`WeChat Pay refused: ${reason}`);
  }
}

/** A refund notification after verification. */
export type VerifiedRefundNotification =
  | {
      kind: 'refund';
      outRefundNo: string;
      refundId: string;
      succeeded: boolean;
      refundCents: number;
      reason: string;
    }
  | { kind: 'invalid'; reason: string; forged?: true };

type OpenedResource =
  { ok: true; resource: Record<string, any> } | { ok: false; reason: string; forged?: true };

/** The merchant settings from the environment, plus the official account's OAuth settings. */
export interface WechatPayConfig extends WechatPayEnv {
  /** The official account's AppSecret: exchanges the OAuth code for the payer's openid (JSAPI). */
  appSecret: string;
  /** `https://open.weixin.qq.com/connect/oauth2/authorize` */
  oauthAuthorizeUrl: string;
  /** `https://api.weixin.qq.com` (OAuth code exchange) */
  mpApiBaseUrl: string;
}

export const isWechatPayConfigured = (config: WechatPayEnv) =>
  Boolean(
    config.appId &&
    config.mchId &&
    config.serialNo &&
    config.privateKey &&
    config.apiV3Key.length === 32 &&
    config.platformPublicKey &&
    config.baseUrl,
  );

/** The parameters `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` takes. */
export interface JsapiInvokeParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** Notifications and answers older or newer than this are refused (replays of old captures). */
const MAX_CLOCK_SKEW_SECONDS = 300;

const nonce = () => randomBytes(16).toString('hex');

/** WeChat Pay API v3 (merchant direct connection): H5 and JSAPI orders, verified notifications. */
export class WechatPayGateway implements NotifyingGateway, RefundingGateway {
  readonly source = 'wechat';
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.privateKey = loadPrivateKey(config.privateKey);
    this.platformKey = loadPublicKey(config.platformPublicKey);
  }

  private rsaSign(message: string): string {
    return createSign('RSA-SHA256').update(message, 'utf8').sign(this.privateKey, 'base64');
  }

  private verifyPlatformSignature(
    timestamp: string,
    nonceStr: string,
    body: string,
    signature: string,
  ): boolean {
    try {
      return createVerify('RSA-SHA256')
        .update(`${timestamp}\n${nonceStr}\n${body}\n`, 'utf8')
        .verify(this.platformKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  /** `WECHATPAY2-SHA256-RSA2048` over `METHOD\nURL\ntimestamp\nnonce\nbody\n`. */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.clock().getTime() / 1000));
    const nonceStr = nonce();
    const signature = this.rsaSign(`${method}\n${pathWithQuery}\n${timestamp}\n${nonceStr}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.config.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'kezhan-server',
          authorization: this.authorization(method, path, body),
        },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new GatewayError(`WeChat Pay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const signed = this.verifyPlatformSignature(
      response.headers.get('wechatpay-timestamp') ?? '',
      response.headers.get('wechatpay-nonce') ?? '',
      text,
      response.headers.get('wechatpay-signature') ?? '',
    );
    if (!signed) throw new GatewayError(`WeChat Pay answer ${response.status} is not signed by the platform`);
    const answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      const reason = `${String(answer.code)} ${String(answer.message)}`;
      throw response.status < 500
        ? new WechatPayRefusal(reason)
        : new GatewayError(`WeChat Pay failed: ${reason}`);
    }
    return answer as T;
  }

  private orderBody(request: PaymentRequest) {
    return {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.subject.slice(0, 127),
      out_trade_no: request.outTradeNo,
      time_expire: chinaRfc3339(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountCents, currency: 'CNY' },
    };
  }

  /** H5 payment (mobile browsers outside WeChat): the cashier address to send the browser to. */
  async createH5(request: PaymentRequest): Promise<string> {
    const answer = await this.call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(request),
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    if (!answer.h5_url) throw new GatewayError('WeChat Pay answered no h5_url');
    return `${answer.h5_url}&redirect_url=${encodeURIComponent(request.returnUrl)}`;
  }

  /** Native payment (a computer's browser): the `weixin://` address the member scans as a QR code. */
  async createNative(request: PaymentRequest): Promise<string> {
    const answer = await this.call<{ code_url?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      this.orderBody(request),
    );
    if (!answer.code_url) throw new GatewayError('WeChat Pay answered no code_url');
    return answer.code_url;
  }

  /** JSAPI payment (inside WeChat): the signed parameters the page hands to WeixinJSBridge. */
  async createJsapi(request: PaymentRequest, openid: string): Promise<JsapiInvokeParams> {
    const answer = await this.call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
      ...this.orderBody(request),
      payer: { openid },
    });
    if (!answer.prepay_id) throw new GatewayError('WeChat Pay answered no prepay_id');
    const timeStamp = String(Math.floor(this.clock().getTime() / 1000));
    const nonceStr = nonce();
    const pkg = `prepay_id=${answer.prepay_id}`;
    return {
      appId: this.config.appId,
      timeStamp,
      nonceStr,
      package: pkg,
      signType: 'RSA',
      paySign: this.rsaSign(`${this.config.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
    };
  }

  /** The official-account OAuth page (silent `snsapi_base`) that leads back with a `code`. */
  oauthUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    });
    return `${this.config.oauthAuthorizeUrl}?${query.toString()}#wechat_redirect`;
  }

  async openidFromCode(code: string): Promise<string> {
    const query = new URLSearchParams({
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    let answer: { openid?: string; errcode?: number; errmsg?: string };
    try {
      const response = await this.fetchImpl(`${this.config.mpApiBaseUrl}/sns/oauth2/access_token?${query}`, {
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new GatewayError(`WeChat OAuth unreachable: ${(error as Error).message}`);
    }
    if (!answer.openid) throw new GatewayError(`WeChat OAuth refused: ${answer.errcode} ${answer.errmsg}`);
    return answer.openid;
  }

  /**
   * A notification's common checks: signature of the platform over `timestamp\nnonce\nbody\n`
   * (serial and clock checked), then AEAD_AES_256_GCM decryption of `resource` with the APIv3 key
   * and the merchant of the decrypted resource.
   */
  private openNotification(notification: IncomingNotification, now: Date): OpenedResource {
    const { headers, rawBody } = notification;
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const serial = headerValue(headers, 'wechatpay-serial');
    if (this.config.platformSerial && serial !== this.config.platformSerial)
      return { ok: false, reason: `unknown platform serial ${serial}`, forged: true };
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS
    )
      return { ok: false, reason: 'timestamp outside the allowed window', forged: true };
    const signed = this.verifyPlatformSignature(
      timestamp,
      headerValue(headers, 'wechatpay-nonce'),
      rawBody,
      headerValue(headers, 'wechatpay-signature'),
    );
    if (!signed) return { ok: false, reason: 'bad signature', forged: true };

    let resource: Record<string, any>;
    try {
      const envelope = JSON.parse(rawBody) as {
        resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
      };
      if (!envelope.resource || envelope.resource.algorithm !== 'AEAD_AES_256_GCM')
        throw new Error('no AEAD_AES_256_GCM resource');
      resource = JSON.parse(decryptResource(this.config.apiV3Key, envelope.resource));
    } catch (error) {
      return { ok: false, reason: `unreadable resource: ${(error as Error).message}` };
    }
    if (resource.mchid !== this.config.mchId)
      return { ok: false, reason: `notification for ${resource.mchid}/${resource.appid}` };
    return { ok: true, resource };
  }

  /** Payment notification (`TRANSACTION.SUCCESS`). */
  verifyNotification(notification: IncomingNotification, now: Date): VerifiedNotification {
    const opened = this.openNotification(notification, now);
    if (!opened.ok)
      return { kind: 'invalid', reason: opened.reason, ...(opened.forged ? { forged: true } : {}) };
    const transaction = opened.resource;
    if (transaction.appid !== this.config.appId)
      return { kind: 'invalid', reason: `notification for ${transaction.mchid}/${transaction.appid}` };
    const outTradeNo = String(transaction.out_trade_no ?? '');
    if (!outTradeNo) return { kind: 'invalid', reason: 'no out_trade_no' };
    if (transaction.trade_state !== 'SUCCESS')
      return { kind: 'ignored', outTradeNo, reason: `trade_state ${transaction.trade_state}` };
    const total = transaction.amount?.total;
    return {
      kind: 'paid',
      outTradeNo,
      tradeNo: String(transaction.transaction_id ?? ''),
      amountCents: Number.isSafeInteger(total) ? total : Number.NaN,
    };
  }

  /**
   * `POST /v3/refund/domestic/refunds`. WeChat usually answers `PROCESSING`; the outcome then
   * arrives at `notifyUrl` (see `verifyRefundNotification`). The same `out_refund_no` is one refund.
   */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    let answer: { refund_id?: string; status?: string; out_refund_no?: string };
    try {
      answer = await this.call('POST', '/v3/refund/domestic/refunds', {
        ...(request.tradeNo ? { transaction_id: request.tradeNo } : { out_trade_no: request.outTradeNo }),
        out_refund_no: request.outRefundNo,
        reason: request.reason.slice(0, 80) || undefined,
        notify_url: request.notifyUrl,
        amount: { refund: request.refundCents, total: request.totalCents, currency: 'CNY' },
      });
    } catch (error) {
      if (error instanceof WechatPayRefusal) return { status: 'failed', reason: error.reason };
      throw error;
    }
    if (answer.out_refund_no !== request.outRefundNo)
      throw new GatewayError(`WeChat Pay answered for refund ${String(answer.out_refund_no)}`);
    const gatewayRefundNo = String(answer.refund_id ?? '');
    if (answer.status === 'SUCCESS') return { status: 'succeeded', gatewayRefundNo };
    if (answer.status === 'PROCESSING') return { status: 'processing', gatewayRefundNo };
    return { status: 'failed', reason: `refund status ${String(answer.status)}` };
  }

  /** Refund notification (`REFUND.SUCCESS`, `REFUND.ABNORMAL`, `REFUND.CLOSED`). */
  verifyRefundNotification(notification: IncomingNotification, now: Date): VerifiedRefundNotification {
    const opened = this.openNotification(notification, now);
    if (!opened.ok)
      return { kind: 'invalid', reason: opened.reason, ...(opened.forged ? { forged: true } : {}) };
    const refund = opened.resource;
    const outRefundNo = String(refund.out_refund_no ?? '');
    if (!outRefundNo) return { kind: 'invalid', reason: 'no out_refund_no' };
    const status = String(refund.refund_status ?? '');
    if (status !== 'SUCCESS' && status !== 'CLOSED' && status !== 'ABNORMAL')
      return { kind: 'invalid', reason: `refund_status ${status}` };
    return {
      kind: 'refund',
      outRefundNo,
      refundId: String(refund.refund_id ?? ''),
      succeeded: status === 'SUCCESS',
      refundCents: Number.isSafeInteger(refund.amount?.refund) ? refund.amount.refund : Number.NaN,
      reason: status === 'SUCCESS' ? '' : `refund_status ${status}`,
    };
  }

  /** v3 answers: 200 without body on success; a failure makes WeChat retry later. */
  reply(accepted: boolean): GatewayReply {
    return accepted
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: '' }
      : {
          status: 400,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ code: 'FAIL', message: '失败' }),
        };
  }
}

export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
