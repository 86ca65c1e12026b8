import { createHash, randomInt } from 'node:crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { fetchVendorJson } from '../oauth/oauth-provider';

export interface WechatMpConfig {
  appId: string;
  appSecret: string;
  apiBase: string;
}

export class WechatApiError extends Error {
  override name = 'WechatApiError';
}

/** WeChat's global access token lives 7200 s; renewed well before, as MeEdu does (30 minutes). */
const ACCESS_TOKEN_TTL = 1800;
const TICKET_TTL = 7200;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface JsSdkSignature {
  appId: string;
  nonceStr: string;
  timestamp: number;
  signature: string;
}

/**
 * JS-SDK config signing for pages opened inside WeChat: the official account's access token
 * (`/cgi-bin/token`) and `jsapi_ticket` (`/cgi-bin/ticket/getticket`), both cached per app id in
 * the ephemeral store so every node shares them, and WeChat's SHA-1 signature.
 */
export class WechatJsSdk {
  constructor(
    private readonly config: WechatMpConfig,
    private readonly store: EphemeralStore,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.appId && this.config.appSecret);
  }

  private async getJson(path: string, query: Record<string, string>) {
    const url = `${this.config.apiBase}${path}?${new URLSearchParams(query)}`;
    try {
      return await fetchVendorJson(url, this.fetchImpl);
    } catch (error) {
      throw new WechatApiError((error as Error).message);
    }
  }

  private async accessToken(): Promise<string> {
    const key = `wechat-mp:access-token:${this.config.appId}`;
    const cached = await this.store.get(key);
    if (cached) return cached;
    const answer = await this.getJson('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    });
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new WechatApiError(`access token refused: ${String(answer.errcode)} ${String(answer.errmsg)}`);
    await this.store.set(key, answer.access_token, ACCESS_TOKEN_TTL);
    return answer.access_token;
  }

  async jsapiTicket(): Promise<string> {
    const key = `wechat-mp:jsapi-ticket:${this.config.appId}`;
    const cached = await this.store.get(key);
    if (cached) return cached;
    const answer = await this.getJson('/cgi-bin/ticket/getticket', {
      access_token: await this.accessToken(),
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
    return { appId: this.config.appId, nonceStr, timestamp, signature };
  }
}

/** WeChat's algorithm: SHA-1 of the four fields in this order, joined as a query string (not encoded). */
export const signJsSdk = (ticket: string, nonceStr: string, timestamp: number, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
    .digest('hex');
