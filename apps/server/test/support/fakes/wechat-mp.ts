import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process WeChat official-account server API for tests: the global access token
 * (`/cgi-bin/token`, checking the app credentials) and temporary QR codes with a string scene
 * (`/cgi-bin/qrcode/create`, checking the token and the request). It also plays WeChat's part of
 * a scan: the signed XML event push that WeChat sends to the account's server address.
 */
export class FakeWechatMp {
  url = '';
  /** Scene of each QR ticket issued. */
  readonly scenes = new Map<string, string>();
  private server?: http.Server;
  private readonly accessToken = `ACCESS-${randomBytes(6).toString('hex')}`;

  constructor(
    private readonly app: { appId: string; appSecret: string; serverToken: string; encodingAesKey?: string },
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(this.answer(req.method ?? 'GET', url, body)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(method: string, url: URL, body: string): Record<string, unknown> {
    const q = Object.fromEntries(url.searchParams);
    if (url.pathname === '/cgi-bin/token') {
      if (
        q.grant_type !== 'client_credential' ||
        q.appid !== this.app.appId ||
        q.secret !== this.app.appSecret
      )
        return { errcode: 40125, errmsg: 'invalid appsecret' };
      return { access_token: this.accessToken, expires_in: 7200 };
    }
    if (url.pathname === '/cgi-bin/qrcode/create' && method === 'POST') {
      if (q.access_token !== this.accessToken) return { errcode: 40001, errmsg: 'invalid credential' };
      const request = JSON.parse(body) as {
        action_name?: string;
        expire_seconds?: number;
        action_info?: { scene?: { scene_str?: string } };
      };
      const scene = request.action_info?.scene?.scene_str;
      if (request.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64 || !request.expire_seconds)
        return { errcode: 40053, errmsg: 'invalid action info' };
      const ticket = `gQ${randomBytes(12).toString('base64')}`;
      this.scenes.set(ticket, scene);
      return { ticket, expire_seconds: request.expire_seconds, url: `http://weixin.qq.com/q/${ticket}` };
    }
    return { errcode: 404, errmsg: 'unknown api' };
  }

  /** The query WeChat signs its calls to the server address with, at `now`. */
  signedQuery(now: Date, token = this.app.serverToken): Record<string, string> {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const nonce = String(Math.floor(Math.random() * 1e9));
    const signature = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
    return { signature, timestamp, nonce };
  }

  /**
   * A push as WeChat sends it in 安全模式: the message sealed with the EncodingAESKey (16 random
   * bytes, the length, the XML, the appid; padded to 32-byte blocks; AES-256-CBC, IV = the key's
   * first 16 bytes) in `<Encrypt>`, and `msg_signature` = SHA-1 of the sorted token, timestamp,
   * nonce and that text, beside the usual `signature`.
   */
  encryptedPush(xml: string, now: Date, { appId = this.app.appId } = {}) {
    if (!this.app.encodingAesKey) throw new Error('no EncodingAESKey');
    const key = Buffer.from(`${this.app.encodingAesKey}=`, 'base64');
    const message = Buffer.from(xml);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(message.length);
    const plain = Buffer.concat([randomBytes(16), length, message, Buffer.from(appId)]);
    const pad = 32 - (plain.length % 32);
    const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
    const encrypted = Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
    const query = this.signedQuery(now);
    const msgSignature = createHash('sha1')
      .update([this.app.serverToken, query.timestamp, query.nonce, encrypted].sort().join(''))
      .digest('hex');
    const openid = /<FromUserName><!\[CDATA\[([^\]]*)\]\]>/.exec(xml)?.[1] ?? '';
    return {
      query: { ...query, openid, encrypt_type: 'aes', msg_signature: msgSignature },
      body: `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
    };
  }

  /** The XML WeChat pushes when `openid` scans the QR code of `ticket` (`subscribe` when not yet a follower). */
  scanEvent(ticket: string, openid: string, { follower = true } = {}): string {
    const scene = this.scenes.get(ticket);
    if (!scene) throw new Error(`no QR code with ticket ${ticket}`);
    const event = follower ? 'SCAN' : 'subscribe';
    const key = follower ? scene : `qrscene_${scene}`;
    return `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[${ticket}]]></Ticket></xml>`;
  }
}
