import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

export interface FakeWechatTrade {
  kind: 'h5' | 'jsapi' | 'native';
  body: Record<string, any>;
}

export interface FakeWechatRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  refund: number;
  total: number;
  notifyUrl: string;
}

interface MerchantSide {
  mchId: string;
  appId: string;
  serialNo: string;
  publicKey: KeyObject;
  apiV3Key: string;
  appSecret: string;
}

/**
 * An in-process stand-in for WeChat Pay API v3 (and the official-account OAuth code exchange)
 * on 127.0.0.1, written from WeChat's documentation independently of our client. It checks the
 * `WECHATPAY2-SHA256-RSA2048` signature of every request with the merchant's public key, signs
 * its answers and notifications with the platform key, and encrypts notification resources
 * with the APIv3 key (AEAD_AES_256_GCM).
 */
export class FakeWechatPay {
  readonly platformSerial = 'PUB_KEY_ID_0000000000000001';
  readonly goodCode = 'oauth-code-ok';
  readonly openid = 'o-payer-openid-0001';
  readonly trades = new Map<string, FakeWechatTrade>();
  /** transaction_id → out_trade_no of the payments notified. */
  readonly transactions = new Map<string, string>();
  /** Refunds accepted, by `out_refund_no` (a repeated number is the same refund). */
  readonly refunds = new Map<string, FakeWechatRefund>();
  /** Every refund request that reached the gateway (repeats included). */
  readonly refundRequests: string[] = [];
  /** The status refunds are answered with (WeChat usually says PROCESSING and notifies later). */
  refundStatus: 'PROCESSING' | 'SUCCESS' = 'PROCESSING';
  /** Refuse refunds with this error code (e.g. `NOT_ENOUGH`). */
  refuseRefundsWith: string | undefined;
  readonly refused: string[] = [];
  /** Sign answers with this key instead of the platform key (to test our answer verification). */
  answerKey: KeyObject | undefined;
  private readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server!: http.Server;
  url = '';

  constructor(private readonly merchant: MerchantSide) {}

  get platformPublicKeyPem(): string {
    return this.platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => this.handle(req, body, res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(res: http.ServerResponse, status: number, payload: unknown) {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(this.answerKey ?? this.platform.privateKey, 'base64');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': this.platformSerial,
    });
    res.end(body);
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const address = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && address.pathname === '/sns/oauth2/access_token') {
      const q = address.searchParams;
      const ok =
        q.get('appid') === this.merchant.appId &&
        q.get('secret') === this.merchant.appSecret &&
        q.get('code') === this.goodCode &&
        q.get('grant_type') === 'authorization_code';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? { access_token: 'at', expires_in: 7200, openid: this.openid, scope: 'snsapi_base' }
            : { errcode: 40029, errmsg: 'invalid code' },
        ),
      );
      return;
    }
    const kind =
      address.pathname === '/v3/pay/transactions/h5'
        ? 'h5'
        : address.pathname === '/v3/pay/transactions/jsapi'
          ? 'jsapi'
          : address.pathname === '/v3/pay/transactions/native'
            ? 'native'
            : address.pathname === '/v3/refund/domestic/refunds'
              ? 'refund'
              : null;
    if (req.method !== 'POST' || !kind)
      return this.answer(res, 404, { code: 'NOT_FOUND', message: '无此接口' });

    const auth = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(String(req.headers.authorization ?? ''));
    const fields = Object.fromEntries(
      [...(auth?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    );
    const message = `POST\n${address.pathname}${address.search}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const signed =
      Boolean(fields.signature) &&
      createVerify('SHA256').update(message).verify(this.merchant.publicKey, fields.signature, 'base64');
    if (!signed || fields.mchid !== this.merchant.mchId || fields.serial_no !== this.merchant.serialNo) {
      this.refused.push('signature');
      return this.answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) {
      this.refused.push('timestamp');
      return this.answer(res, 401, { code: 'SIGN_ERROR', message: '时间戳过期' });
    }
    if (kind === 'refund') return this.refund(res, JSON.parse(body) as Record<string, any>);
    const order = JSON.parse(body) as Record<string, any>;
    const valid =
      order.appid === this.merchant.appId &&
      order.mchid === this.merchant.mchId &&
      typeof order.description === 'string' &&
      typeof order.out_trade_no === 'string' &&
      typeof order.notify_url === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(order.time_expire ?? '') &&
      Number.isInteger(order.amount?.total) &&
      order.amount.total > 0 &&
      order.amount.currency === 'CNY' &&
      (kind === 'h5'
        ? order.scene_info?.h5_info?.type === 'Wap' && Boolean(order.scene_info.payer_client_ip)
        : kind === 'native'
          ? order.payer === undefined
          : typeof order.payer?.openid === 'string');
    if (!valid) {
      this.refused.push('parameters');
      return this.answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    this.trades.set(order.out_trade_no, { kind, body: order });
    const prepayId = `wx${randomBytes(10).toString('hex')}`;
    return this.answer(
      res,
      200,
      kind === 'h5'
        ? { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=1` }
        : kind === 'native'
          ? { code_url: `weixin://wxpay/bizpayurl?pr=${prepayId}` }
          : { prepay_id: prepayId },
    );
  }

  /** `POST /v3/refund/domestic/refunds`: one refund per `out_refund_no`, never beyond the payment. */
  private refund(res: http.ServerResponse, request: Record<string, any>) {
    const outTradeNo: string | undefined = request.transaction_id
      ? this.transactions.get(request.transaction_id)
      : request.out_trade_no;
    this.refundRequests.push(String(request.out_refund_no));
    const trade = outTradeNo ? this.trades.get(outTradeNo) : undefined;
    const valid =
      typeof request.out_refund_no === 'string' &&
      /^[\w\-|*@]{1,64}$/.test(request.out_refund_no) &&
      typeof request.notify_url === 'string' &&
      Number.isInteger(request.amount?.refund) &&
      request.amount.refund > 0 &&
      Number.isInteger(request.amount?.total) &&
      request.amount.currency === 'CNY';
    if (!valid) {
      this.refused.push('refund parameters');
      return this.answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    if (!trade || !outTradeNo)
      return this.answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    if (this.refuseRefundsWith)
      return this.answer(res, 403, { code: this.refuseRefundsWith, message: '退款被拒绝' });
    if (request.amount.total !== trade.body.amount.total)
      return this.answer(res, 400, { code: 'PARAM_ERROR', message: '订单金额不符' });
    let refund = this.refunds.get(request.out_refund_no);
    if (!refund) {
      const refunded = [...this.refunds.values()]
        .filter((item) => item.outTradeNo === outTradeNo)
        .reduce((sum, item) => sum + item.refund, 0);
      if (refunded + request.amount.refund > trade.body.amount.total)
        return this.answer(res, 403, { code: 'NOT_ENOUGH', message: '可退金额不足' });
      refund = {
        refundId: `5030${randomBytes(8).toString('hex')}`,
        outRefundNo: request.out_refund_no,
        outTradeNo,
        transactionId: String(request.transaction_id ?? ''),
        refund: request.amount.refund,
        total: request.amount.total,
        notifyUrl: request.notify_url,
      };
      this.refunds.set(refund.outRefundNo, refund);
    }
    return this.answer(res, 200, {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: refund.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: '2026-05-01T10:05:00+08:00',
      status: this.refundStatus,
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        currency: 'CNY',
      },
    });
  }

  /** Encrypts a resource with the APIv3 key and signs the body as the platform: what WeChat posts. */
  private signedNotification(
    resource: Record<string, unknown>,
    meta: { originalType: string; eventType: string; summary: string },
    options: { signWith?: KeyObject; serial?: string; timestamp?: number; apiV3Key?: string },
  ): { headers: Record<string, string>; body: string } {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(options.apiV3Key ?? this.merchant.apiV3Key),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(meta.originalType));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: '2026-05-01T10:00:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: meta.eventType,
      summary: meta.summary,
      resource: {
        original_type: meta.originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: meta.originalType,
        nonce,
      },
    });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signNonce = randomBytes(16).toString('hex');
    const signature = createSign('SHA256')
      .update(`${timestamp}\n${signNonce}\n${body}\n`)
      .sign(options.signWith ?? this.platform.privateKey, 'base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': signNonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': options.serial ?? this.platformSerial,
      },
    };
  }

  /** The refund notification WeChat Pay posts to the refund's notify_url. */
  refundNotification(
    outRefundNo: string,
    options: {
      status?: 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
      refund?: Record<string, unknown>;
      signWith?: KeyObject;
      apiV3Key?: string;
      timestamp?: number;
    } = {},
  ): { headers: Record<string, string>; body: string } {
    const refund = this.refunds.get(outRefundNo);
    const status = options.status ?? 'SUCCESS';
    return this.signedNotification(
      {
        mchid: this.merchant.mchId,
        out_trade_no: refund?.outTradeNo ?? '',
        transaction_id: refund?.transactionId ?? '',
        out_refund_no: outRefundNo,
        refund_id: refund?.refundId ?? '',
        refund_status: status,
        success_time: '2026-05-01T10:06:00+08:00',
        user_received_account: '支付用户零钱',
        amount: {
          total: refund?.total ?? 0,
          refund: refund?.refund ?? 0,
          payer_total: refund?.total ?? 0,
          payer_refund: refund?.refund ?? 0,
        },
        ...options.refund,
      },
      { originalType: 'refund', eventType: `REFUND.${status}`, summary: '退款成功' },
      options,
    );
  }

  /** A payment notification as WeChat Pay posts it: headers and the exact body. */
  notification(
    outTradeNo: string,
    options: {
      transaction?: Record<string, unknown>;
      signWith?: KeyObject;
      serial?: string;
      timestamp?: number;
      apiV3Key?: string;
    } = {},
  ): { headers: Record<string, string>; body: string } {
    const trade = this.trades.get(outTradeNo);
    const transaction = {
      mchid: this.merchant.mchId,
      appid: this.merchant.appId,
      out_trade_no: outTradeNo,
      transaction_id: `4200${randomBytes(8).toString('hex')}`,
      trade_type: trade?.kind === 'h5' ? 'MWEB' : trade?.kind === 'native' ? 'NATIVE' : 'JSAPI',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: '2026-05-01T10:00:00+08:00',
      payer: { openid: this.openid },
      amount: {
        total: trade?.body.amount.total ?? 1,
        payer_total: trade?.body.amount.total ?? 1,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
      ...options.transaction,
    };
    this.transactions.set(String(transaction.transaction_id), outTradeNo);
    return this.signedNotification(
      transaction,
      { originalType: 'transaction', eventType: 'TRANSACTION.SUCCESS', summary: '支付成功' },
      options,
    );
  }
}
