import { createHash, randomInt } from 'node:crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { WechatApiError, WechatMpClient, type WechatMpConfig } from './mp-client';

const TICKET_TTL = 7200;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface JsSdkSignature {
  appId: string;
  nonceStr: string;
  timestamp: number;
  signature: string;
}

/**
 * JS-SDK config signing for pages opened inside WeChat: the official account's `jsapi_ticket`
 * (`/cgi-bin/ticket/getticket`), cached per app id in the ephemeral store so every node shares
 * it, and WeChat's SHA-1 signature.
 */
export class WechatJsSdk {
  private readonly client: WechatMpClient;

  constructor(
    config: WechatMpConfig,
    private readonly store: EphemeralStore,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.client = new WechatMpClient(config, store, fetchImpl);
  }

  get configured(): boolean {
    return this.client.configured;
  }

  async jsapiTicket(): Promise<string> {
    const key = `wechat-mp:jsapi-ticket:${this.client.config.appId}`;
    const cached = await this.store.get(key);
    if (cached) return cached;
    const answer = await this.client.get('/cgi-bin/ticket/getticket', {
      access_token: await this.client.accessToken(),
      type: 'jsapi',
    });
    if (Number(answer.errcode ?? 0) !== 0 || typeof answer.ticket !== 'string' || !answer.ticket)
      throw new WechatApiError(`jsapi ticket refused: ${String(answer.errcode)} ${String(answer.errmsg)}`);
    await this.store.set(key, answer.ticket, TICKET_TTL);
    return answer.ticket;
  }

  /** Signs `url` (the page address without its `#…` part) with a fresh nonce and the time. */
  async sign(url: string, now: Date): Promise<JsSdkSignature> {
    const ticket = await this.jsapiTicket();
    let nonceStr = '';
    for (let i = 0; i < 15; i += 1) nonceStr += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = signJsSdk(ticket, nonceStr, timestamp, url);
    return { appId: this.client.config.appId, nonceStr, timestamp, signature };
  }
}

/** WeChat's algorithm: SHA-1 of the four fields in this order, joined as a query string (not encoded). */
export const signJsSdk = (ticket: string, nonceStr: string, timestamp: number, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
    .digest('hex');
