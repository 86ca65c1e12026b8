import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * In-process Tencent Cloud VOD for tests: the API 3.0 endpoint (`POST /`) and the play domain's
 * CDN on one 127.0.0.1 port. The API authenticates every call the way Tencent does
 * (TC3-HMAC-SHA256 recomputed from the received headers and body, credential scope, clock skew)
 * and answers DescribeMediaInfos for the files the test adds. The CDN checks key hotlink
 * protection — sign = md5(KEY + Dir + t + exper + rlimit + us), `t` + 300 s of tolerance — and
 * answers a playlist with the seconds it serves (`exper`) in `x-served-seconds`.
 */
export class FakeTencentVod {
  url = '';
  readonly calls: { action: string; body: Record<string, unknown> }[] = [];
  readonly refused: string[] = [];
  /** FileId → duration (seconds); a file missing here is in NotExistFileIdSet. */
  readonly files = new Map<string, number>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(
    private readonly account: { secretId: string; secretKey: string; playKey: string },
    public now: () => Date = () => new Date(),
  ) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') return this.serveCdn(req, res);
      const payload = Buffer.concat(chunks).toString('utf8');
      const reply = (response: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
      };
      const error = (code: string, message: string) => {
        this.refused.push(code);
        reply({ Error: { Code: code, Message: message } });
      };
      const problem = this.authenticate(req, payload);
      if (problem) return error(problem[0], problem[1]);
      const action = String(req.headers['x-tc-action']);
      const body = JSON.parse(payload) as { FileIds?: string[] };
      this.calls.push({ action, body });
      if (action !== 'DescribeMediaInfos') return error('InvalidAction', `unknown action ${action}`);
      const ids = body.FileIds ?? [];
      return reply({
        MediaInfoSet: ids
          .filter((id) => this.files.has(id))
          .map((id) => ({
            FileId: id,
            BasicInfo: {
              Name: '课时',
              MediaUrl: `${this.url}/vodsource/${id}/original.mp4`,
              Status: 'Normal',
            },
            MetaData: { Duration: this.files.get(id), Height: 720, Width: 1280 },
            TranscodeInfo: {
              TranscodeSet: [
                { Definition: 0, Url: `${this.url}/vodsource/${id}/original.mp4` },
                { Definition: 100020, Height: 720, Url: `${this.url}/vodtrans/${id}/v.f100020.mp4` },
              ],
            },
            AdaptiveDynamicStreamingInfo: {
              AdaptiveDynamicStreamingSet: [
                {
                  Definition: 10,
                  Package: 'HLS',
                  DrmType: '',
                  Url: `${this.url}/vodtrans/${id}/adp.10.m3u8`,
                },
              ],
            },
          })),
        NotExistFileIdSet: ids.filter((id) => !this.files.has(id)),
      });
    });
  }

  private serveCdn(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const deny = (why: string) => {
      this.refused.push(`cdn: ${why}`);
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end(why);
    };
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (!/^[0-9a-f]+$/.test(q('t')) || !/^[0-9a-f]{32}$/.test(q('sign'))) return deny('no signature');
    const dir = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
    const expected = createHash('md5')
      .update(`${this.account.playKey}${dir}${q('t')}${q('exper')}${q('rlimit')}${q('us')}`)
      .digest('hex');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(q('sign')))) return deny('signature mismatch');
    if (parseInt(q('t'), 16) + 300 < this.now().getTime() / 1000) return deny('expired');
    res.writeHead(200, {
      'content-type': 'application/vnd.apple.mpegurl',
      'x-served-seconds': Number(q('exper')) > 0 ? q('exper') : 'all',
    });
    res.end('#EXTM3U\n#EXT-X-ENDLIST\n');
  }

  /** Tencent's checks, written from its documentation independently of our signer. */
  private authenticate(req: http.IncomingMessage, payload: string): [string, string] | null {
    const h = req.headers;
    if (h['x-tc-version'] !== '2018-07-17') return ['InvalidParameter', 'bad X-TC-Version'];
    const timestamp = Number(h['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(this.now().getTime() / 1000 - timestamp) > 300)
      return ['AuthFailure.SignatureExpire', 'timestamp skew'];
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
    if (!auth) return ['AuthFailure.InvalidAuthorization', 'malformed Authorization'];
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== this.account.secretId) return ['AuthFailure.SecretIdNotFound', 'unknown SecretId'];
    if (service !== 'vod') return ['AuthFailure.InvalidAuthorization', 'wrong service'];
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
    let key: Buffer = createHmac('sha256', `TC3${this.account.secretKey}`).update(date).digest();
    key = createHmac('sha256', key).update(service).digest();
    key = createHmac('sha256', key).update('tc3_request').digest();
    const expected = createHmac('sha256', key).update(toSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return ['AuthFailure.SignatureFailure', 'signature mismatch'];
    return null;
  }
}
