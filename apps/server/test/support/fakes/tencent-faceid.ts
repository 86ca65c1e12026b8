import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Session {
  ruleId: string;
  redirectUrl: string;
  extra: string;
  text: { ErrCode: number | null; ErrMsg: string | null; Name: string; IdCard: string };
}

/**
 * In-process Tencent Cloud FaceID API (`POST /`, API 3.0 JSON) for tests. It authenticates
 * every call the way Tencent does — TC3-HMAC-SHA256 recomputed here from the received
 * headers and body, credential scope, clock skew — then serves DetectAuth and
 * GetDetectInfoEnhanced with results the test sets.
 */
export class FakeTencentFaceId {
  url = '';
  readonly calls: { action: string; body: Record<string, unknown> }[] = [];
  readonly rejected: string[] = [];
  private readonly sessions = new Map<string, Session>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(private readonly credentials: { secretId: string; secretKey: string; ruleId: string }) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What the member did in Tencent's H5 flow: ErrCode 0 = passed. */
  finish(bizToken: string, result: { errCode: number; errMsg?: string; name?: string; idCard?: string }) {
    const session = this.sessions.get(bizToken);
    if (!session) throw new Error(`unknown BizToken ${bizToken}`);
    session.text = {
      ErrCode: result.errCode,
      ErrMsg: result.errMsg ?? (result.errCode === 0 ? '成功' : '比对不通过'),
      Name: result.name ?? '',
      IdCard: result.idCard ?? '',
    };
  }

  session(bizToken: string): Session | undefined {
    return this.sessions.get(bizToken);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const requestId = randomUUID();
      const reply = (response: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
      };
      const error = (code: string, message: string) => {
        this.rejected.push(code);
        reply({ Error: { Code: code, Message: message } });
      };
      const authProblem = this.authenticate(req, payload);
      if (authProblem) return error(authProblem[0], authProblem[1]);
      const action = String(req.headers['x-tc-action']);
      const body = JSON.parse(payload) as Record<string, unknown>;
      this.calls.push({ action, body });

      if (action === 'DetectAuth') {
        if (body.RuleId !== this.credentials.ruleId)
          return error('InvalidParameterValue.RuleIdNotExist', 'RuleId 不存在');
        const bizToken = randomUUID().toUpperCase();
        this.sessions.set(bizToken, {
          ruleId: String(body.RuleId),
          redirectUrl: String(body.RedirectUrl ?? ''),
          extra: String(body.Extra ?? ''),
          text: { ErrCode: null, ErrMsg: null, Name: '', IdCard: '' },
        });
        return reply({ Url: `https://faceid.example/h5/${bizToken}`, BizToken: bizToken });
      }
      if (action === 'GetDetectInfoEnhanced') {
        const session = this.sessions.get(String(body.BizToken));
        if (!session) return error('InvalidParameterValue.BizTokenIllegal', 'BizToken 不合法');
        if (session.ruleId !== body.RuleId)
          return error('InvalidParameterValue.RuleIdNotExist', 'RuleId 不匹配');
        return reply({
          Text: { ...session.text, Extra: session.extra },
          IdCardData: null,
          BestFrame: null,
          VideoData: null,
        });
      }
      return error('InvalidAction', `unknown action ${action}`);
    });
  }

  /** Tencent's checks, written from its documentation independently of our signer. */
  private authenticate(req: http.IncomingMessage, payload: string): [string, string] | null {
    const h = req.headers;
    if (h['x-tc-version'] !== '2018-03-01') return ['InvalidParameter', 'bad X-TC-Version'];
    const timestamp = Number(h['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return ['AuthFailure.SignatureExpire', 'timestamp skew'];
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
    if (!auth) return ['AuthFailure.InvalidAuthorization', 'malformed Authorization'];
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== this.credentials.secretId) return ['AuthFailure.SecretIdNotFound', 'unknown SecretId'];
    if (service !== 'faceid') return ['AuthFailure.InvalidAuthorization', 'wrong service'];
    if (date !== new Date(timestamp * 1000).toISOString().slice(0, 10))
      return ['AuthFailure.InvalidAuthorization', 'credential date differs from timestamp'];
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host'))
      return ['AuthFailure.InvalidAuthorization', 'content-type and host must be signed'];
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(h[name] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const canonical = `${req.method}\n${req.url}\n\n${canonicalHeaders}\n${signedHeaders}\n${sha(payload)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha(canonical)}`;
    let key: Buffer = createHmac('sha256', `TC3${this.credentials.secretKey}`).update(date).digest();
    key = createHmac('sha256', key).update(service).digest();
    key = createHmac('sha256', key).update('tc3_request').digest();
    const expected = createHmac('sha256', key).update(toSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return ['AuthFailure.SignatureFailure', 'signature mismatch'];
    return null;
  }
}
