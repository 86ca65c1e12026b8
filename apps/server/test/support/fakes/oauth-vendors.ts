import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person who "consents" on the fake vendor's authorize page next. */
export interface FakeIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
  avatar?: string;
  /** WeChat only: a 朋友圈快照页 visitor. */
  snapshotUser?: boolean;
}

interface IssuedCode {
  vendor: 'qq' | 'wechat';
  identity: FakeIdentity;
  redirectUri: string;
}

export interface FakeOAuthOptions {
  qq: { clientId: string; clientSecret: string };
  wechat: { appId: string; appSecret: string };
  /** Only redirect URIs starting with this are accepted (the vendors check the registered domain). */
  callbackPrefix: string;
}

/**
 * In-process QQ Connect + WeChat official-account OAuth servers for tests. They speak the
 * vendors' wire formats and check what real ones check: client credentials, single-use codes
 * bound to their redirect_uri, WeChat's 128-character alphanumeric `state`, access tokens.
 */
export class FakeOAuthVendors {
  url = '';
  next: FakeIdentity = { openid: 'nobody' };
  /** Makes the next token exchange fail like the vendor does for a bad code. */
  failNextTokenExchange = false;
  readonly seen: { path: string; query: Record<string, string> }[] = [];
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, { vendor: 'qq' | 'wechat'; identity: FakeIdentity }>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(private readonly options: FakeOAuthOptions) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const q = Object.fromEntries(url.searchParams);
    this.seen.push({ path: url.pathname, query: q });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    const { qq, wechat } = this.options;

    switch (url.pathname) {
      case '/oauth2.0/authorize': {
        if (q.response_type !== 'code' || q.client_id !== qq.clientId || !q.state)
          return json({ error: 100001, error_description: 'param client_id is wrong or lost' });
        if (!q.redirect_uri?.startsWith(this.options.callbackPrefix))
          return json({ error: 100010, error_description: 'redirect uri is illegal' });
        return redirect(this.issueCode('qq', q.redirect_uri, q.state));
      }
      case '/oauth2.0/token': {
        const issued = this.codes.get(q.code);
        this.codes.delete(q.code);
        const valid =
          !this.consumeFailure() &&
          q.grant_type === 'authorization_code' &&
          q.client_id === qq.clientId &&
          q.client_secret === qq.clientSecret &&
          issued?.vendor === 'qq' &&
          issued.redirectUri === q.redirect_uri;
        if (!valid)
          return this.qqAnswer(res, q.fmt, {
            error: 100019,
            error_description: 'code to access token error',
          });
        const token = this.issueToken('qq', issued.identity);
        if (q.fmt === 'json') return json({ access_token: token, expires_in: '7776000', refresh_token: 'r' });
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(`access_token=${token}&expires_in=7776000&refresh_token=r`);
      }
      case '/oauth2.0/me': {
        const owner = this.tokens.get(q.access_token);
        if (owner?.vendor !== 'qq')
          return this.qqAnswer(res, q.fmt, { error: 100016, error_description: 'access token check failed' });
        const answer: Record<string, string> = { client_id: qq.clientId, openid: owner.identity.openid };
        if (q.unionid === '1' && owner.identity.unionid) answer.unionid = owner.identity.unionid;
        return this.qqAnswer(res, q.fmt, answer);
      }
      case '/user/get_user_info': {
        const owner = this.tokens.get(q.access_token);
        if (
          owner?.vendor !== 'qq' ||
          q.oauth_consumer_key !== qq.clientId ||
          q.openid !== owner.identity.openid
        )
          return json({ ret: 100016, msg: 'access token check failed' });
        const avatar = owner.identity.avatar ?? '';
        return json({
          ret: 0,
          msg: '',
          nickname: owner.identity.nickname ?? '',
          figureurl_qq_1: avatar,
          figureurl_qq_2: avatar,
        });
      }
      case '/connect/oauth2/authorize': {
        if (q.appid !== wechat.appId || q.response_type !== 'code' || q.scope !== 'snsapi_userinfo')
          return json({ errcode: 10003, errmsg: 'redirect_uri or appid invalid' });
        if (!/^[a-zA-Z0-9]{1,128}$/.test(q.state ?? ''))
          return json({ errcode: 10015, errmsg: 'state invalid' });
        if (!q.redirect_uri?.startsWith(this.options.callbackPrefix))
          return json({ errcode: 10003, errmsg: 'redirect_uri domain mismatch' });
        return redirect(this.issueCode('wechat', q.redirect_uri, q.state));
      }
      case '/sns/oauth2/access_token': {
        const issued = this.codes.get(q.code);
        this.codes.delete(q.code);
        const valid =
          !this.consumeFailure() &&
          q.grant_type === 'authorization_code' &&
          q.appid === wechat.appId &&
          q.secret === wechat.appSecret &&
          issued?.vendor === 'wechat';
        if (!valid) return json({ errcode: 40029, errmsg: 'invalid code' });
        const { identity } = issued;
        return json({
          access_token: this.issueToken('wechat', identity),
          expires_in: 7200,
          refresh_token: 'r',
          openid: identity.openid,
          scope: 'snsapi_userinfo',
          ...(identity.snapshotUser ? { is_snapshotuser: 1 } : {}),
          ...(identity.unionid ? { unionid: identity.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const owner = this.tokens.get(q.access_token);
        if (owner?.vendor !== 'wechat' || q.openid !== owner.identity.openid)
          return json({ errcode: 40001, errmsg: 'invalid credential' });
        const { identity } = owner;
        return json({
          openid: identity.openid,
          nickname: identity.nickname ?? '',
          sex: 0,
          headimgurl: identity.avatar ?? '',
          privilege: [],
          ...(identity.unionid ? { unionid: identity.unionid } : {}),
        });
      }
      default:
        res.writeHead(404);
        res.end();
    }
  }

  private issueCode(vendor: 'qq' | 'wechat', redirectUri: string, state: string): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { vendor, identity: this.next, redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return target.toString();
  }

  private issueToken(vendor: 'qq' | 'wechat', identity: FakeIdentity): string {
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, { vendor, identity });
    return token;
  }

  private consumeFailure(): boolean {
    const fail = this.failNextTokenExchange;
    this.failNextTokenExchange = false;
    return fail;
  }

  /** QQ answers JSON with `fmt=json`, else the JSONP-ish `callback( {...} );`. */
  private qqAnswer(res: http.ServerResponse, fmt: string | undefined, body: unknown) {
    res.writeHead(200, { 'content-type': fmt === 'json' ? 'application/json' : 'text/plain' });
    res.end(fmt === 'json' ? JSON.stringify(body) : `callback( ${JSON.stringify(body)} );\n`);
  }
}
