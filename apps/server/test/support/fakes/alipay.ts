import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export interface FakeAlipayTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string;
  timeExpire: string;
}

/**
 * An in-process stand-in for Alipay's open platform on 127.0.0.1, written from Alipay's
 * documentation independently of our client: it checks the RSA2 signature of every request
 * with the merchant's public key and signs its notifications with its own platform key.
 */
export interface FakeAlipayRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason: string;
}

export class FakeAlipay {
  readonly appId = '2021000000000001';
  readonly trades = new Map<string, FakeAlipayTrade>();
  /** Refunds made, by `out_request_no` (a repeated number refunds nothing more). */
  readonly refunds = new Map<string, FakeAlipayRefund>();
  /** Every refund request that reached the gateway, in order (repeats included). */
  readonly refundRequests: string[] = [];
  readonly refused: string[] = [];
  /** Answer refunds with this business failure (`sub_code`) instead. */
  refuseRefundsWith: string | undefined;
  /** Sign refund answers with this key instead of the platform key (to test our verification). */
  answerKey: KeyObject | undefined;
  /**
   * Runs once a refund is made, before the answer leaves: the moment when the money has gone
   * but the caller does not know it yet (a test kills the caller here).
   */
  beforeRefundAnswer: ((outRequestNo: string) => Promise<void>) | undefined;
  private readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server!: http.Server;
  url = '';

  constructor(private readonly merchantPublicKey: KeyObject) {}

  /** Alipay's public key as the console shows it: bare base64 of the SPKI DER. */
  get platformPublicKeyBase64(): string {
    return this.platform.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const address = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && address.pathname === '/gateway.do') {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk) => (body += chunk));
        req.on('end', async () => {
          const form = new URLSearchParams(body);
          const answer = this.answerApi(form);
          const outRequestNo = JSON.parse(form.get('biz_content') ?? '{}').out_request_no;
          if (this.beforeRefundAnswer && this.refunds.has(outRequestNo))
            await this.beforeRefundAnswer(outRequestNo);
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
          res.end(answer);
        });
        return;
      }
      if (req.method !== 'GET' || address.pathname !== '/gateway.do') {
        res.writeHead(404).end();
        return;
      }
      const problem = this.checkWapPay(address.searchParams);
      res.writeHead(problem ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(problem ? `invalid: ${problem}` : '<html><body>支付宝收银台 (fake)</body></html>');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private verifyRequest(params: Record<string, string>): boolean {
    const content = Object.entries(params)
      .filter(([key, value]) => key !== 'sign' && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    return createVerify('SHA256')
      .update(content)
      .verify(this.merchantPublicKey, params.sign ?? '', 'base64');
  }

  /** An OpenAPI answer: `{"<method>_response": {…}, "sign": "…"}`, signed over the object's text. */
  private signedAnswer(responseKey: string, payload: Record<string, string>, signed = true): string {
    const inner = JSON.stringify(payload);
    if (!signed) return `{"${responseKey}":${inner}}`;
    const sign = createSign('SHA256')
      .update(inner)
      .sign(this.answerKey ?? this.platform.privateKey, 'base64');
    return `{"${responseKey}":${inner},"sign":"${sign}"}`;
  }

  /** `alipay.trade.refund` (form POST): checks our signature, refunds once per `out_request_no`. */
  private answerApi(form: URLSearchParams): string {
    const params: Record<string, string> = Object.fromEntries(form);
    const key = 'alipay_trade_refund_response';
    if (params.method !== 'alipay.trade.refund') {
      this.refused.push('unknown method');
      return JSON.stringify({
        error_response: { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' },
      });
    }
    if (!params.sign || !this.verifyRequest(params)) {
      this.refused.push('sign check fail');
      return this.signedAnswer(
        key,
        { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' },
        false,
      );
    }
    if (params.app_id !== this.appId || params.sign_type !== 'RSA2' || params.charset !== 'utf-8') {
      this.refused.push('bad common parameters');
      return this.signedAnswer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-app-id',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    this.refundRequests.push(biz.out_request_no ?? '');
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const fail = (subCode: string, subMsg: string) =>
      this.signedAnswer(key, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
    if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (!biz.out_request_no || !/^\d+\.\d{2}$/.test(biz.refund_amount ?? ''))
      return fail('ACQ.INVALID_PARAMETER', '参数无效');
    if (this.refuseRefundsWith) return fail(this.refuseRefundsWith, '交易不允许退款');
    const cents = (yuan: string) => Math.round(Number(yuan) * 100);
    const earlier = this.refunds.get(biz.out_request_no);
    if (!earlier) {
      const refunded = [...this.refunds.values()]
        .filter((refund) => refund.outTradeNo === trade.outTradeNo)
        .reduce((sum, refund) => sum + cents(refund.refundAmount), 0);
      if (refunded + cents(biz.refund_amount) > cents(trade.totalAmount))
        return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      this.refunds.set(biz.out_request_no, {
        outTradeNo: trade.outTradeNo,
        outRequestNo: biz.out_request_no,
        refundAmount: biz.refund_amount,
        reason: biz.refund_reason ?? '',
      });
    }
    const total = [...this.refunds.values()]
      .filter((refund) => refund.outTradeNo === trade.outTradeNo)
      .reduce((sum, refund) => sum + cents(refund.refundAmount), 0);
    return this.signedAnswer(key, {
      code: '10000',
      msg: 'Success',
      buyer_logon_id: '159****5620',
      fund_change: earlier ? 'N' : 'Y',
      gmt_refund_pay: '2026-05-01 10:00:00',
      out_trade_no: trade.outTradeNo,
      refund_fee: (total / 100).toFixed(2),
      trade_no: `2026050122001${trade.outTradeNo.slice(-8)}`,
    });
  }

  private checkWapPay(query: URLSearchParams): string | null {
    const params: Record<string, string> = {};
    for (const [key, value] of query) params[key] = value;
    for (const key of [
      'app_id',
      'method',
      'charset',
      'sign_type',
      'timestamp',
      'version',
      'biz_content',
      'sign',
    ])
      if (!params[key]) return `missing ${key}`;
    const content = Object.entries(params)
      .filter(([key, value]) => key !== 'sign' && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const valid = createVerify('SHA256')
      .update(content)
      .verify(this.merchantPublicKey, params.sign, 'base64');
    if (!valid) return this.refuse('sign check fail');
    if (params.app_id !== this.appId) return this.refuse('unknown app_id');
    if (params.method !== 'alipay.trade.wap.pay' || params.sign_type !== 'RSA2' || params.charset !== 'utf-8')
      return this.refuse('bad common parameters');
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp)) return this.refuse('bad timestamp');
    const biz = JSON.parse(params.biz_content) as Record<string, string>;
    if (biz.product_code !== 'QUICK_WAP_WAY' || !/^\d+\.\d{2}$/.test(biz.total_amount ?? ''))
      return this.refuse('bad biz_content');
    this.trades.set(biz.out_trade_no, {
      outTradeNo: biz.out_trade_no,
      totalAmount: biz.total_amount,
      subject: biz.subject,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      quitUrl: biz.quit_url ?? '',
      timeExpire: biz.time_expire ?? '',
    });
    return null;
  }

  private refuse(reason: string): string {
    this.refused.push(reason);
    return reason;
  }

  /** The form body Alipay posts to notify_url, signed with the platform key (or `signWith`). */
  notification(
    outTradeNo: string,
    overrides: Record<string, string> = {},
    signWith: KeyObject = this.platform.privateKey,
  ): string {
    const trade = this.trades.get(outTradeNo);
    const params: Record<string, string> = {
      notify_time: '2026-05-01 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(8).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: `2026050122001${randomBytes(4).toString('hex')}`,
      out_trade_no: outTradeNo,
      total_amount: trade?.totalAmount ?? '0.00',
      receipt_amount: trade?.totalAmount ?? '0.00',
      buyer_pay_amount: trade?.totalAmount ?? '0.00',
      subject: trade?.subject ?? '',
      trade_status: 'TRADE_SUCCESS',
      gmt_create: '2026-05-01 09:59:00',
      gmt_payment: '2026-05-01 10:00:00',
      ...overrides,
    };
    const content = Object.keys(params)
      .filter((key) => key !== 'sign' && key !== 'sign_type')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    params.sign = createSign('SHA256').update(content).sign(signWith, 'base64');
    return new URLSearchParams(params).toString();
  }
}
