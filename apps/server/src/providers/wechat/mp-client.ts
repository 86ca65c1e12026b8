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

/**
 * The official account's server API: calls signed with its global access token
 * (`/cgi-bin/token`), cached per app id in the ephemeral store so every node shares one.
 */
export class WechatMpClient {
  constructor(
    readonly config: WechatMpConfig,
    private readonly store: EphemeralStore,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.appId && this.config.appSecret);
  }

  async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    return this.call(`${this.config.apiBase}${path}?${new URLSearchParams(query)}`);
  }

  /** A POST with a JSON body, signed with the access token. */
  async post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({ access_token: await this.accessToken() });
    return this.call(`${this.config.apiBase}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async accessToken(): Promise<string> {
    const key = `wechat-mp:access-token:${this.config.appId}`;
    const cached = await this.store.get(key);
    if (cached) return cached;
    const answer = await this.get('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    });
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new WechatApiError(`access token refused: ${String(answer.errcode)} ${String(answer.errmsg)}`);
    await this.store.set(key, answer.access_token, ACCESS_TOKEN_TTL);
    return answer.access_token;
  }

  private async call(url: string, init?: RequestInit) {
    try {
      return await fetchVendorJson(url, this.fetchImpl, init);
    } catch (error) {
      throw new WechatApiError((error as Error).message);
    }
  }
}
