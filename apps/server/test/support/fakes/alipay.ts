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
export class FakeAlipay {
  readonly appId = '2021000000000001';
  readonly trades = new Map<string, FakeAlipayTrade>();
  readonly refused: string[] = [];
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
