import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeVideo {
  duration: number;
  /** Aliyun's error code for this video's GetPlayInfo (e.g. InvalidVideo.NoneStream), if any. */
  failWith?: string;
}

/**
 * In-process Aliyun VOD for tests: the OpenAPI (`POST /`, RPC style) and the play domain's CDN on
 * one 127.0.0.1 port. The API authenticates every call as Aliyun does — the HMAC-SHA1 signature
 * recomputed here from the received parameters with the account's secret, the timestamp's skew,
 * a nonce used once — and answers GetPlayInfo with addresses on its CDN, signed (type A) with the
 * domain's key when `AuthTimeout` is given. A preview (`PlayConfig.PreviewTime`) puts the cut in
 * the address as `end`, folded into the signature as Aliyun folds it, so it cannot be removed. The
 * CDN checks the type A signature and the expiry (timestamp + the domain's validity) and answers a
 * playlist with the seconds it serves in `x-served-seconds`.
 */
export class FakeAliyunVod {
  url = '';
  readonly calls: Record<string, string>[] = [];
  readonly refused: string[] = [];
  readonly videos = new Map<string, FakeVideo>();
  private readonly nonces = new Set<string>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(
    private readonly account: { accessKeyId: string; accessKeySecret: string; domainKey: string },
    /** The CDN's clock (the test moves it past an address's expiry). */
    public now: () => Date = () => new Date(),
    readonly validitySeconds = 1800,
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
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const requestId = randomUUID().toUpperCase();
      const reply = (status: number, body: Record<string, unknown>) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestId: requestId, ...body }));
      };
      const error = (status: number, code: string, message: string) => {
        this.refused.push(code);
        reply(status, { HostId: 'vod.cn-shanghai.aliyuncs.com', Code: code, Message: message });
      };
      const problem = this.authenticate(req.method ?? '', params);
      if (problem) return error(problem[0], problem[1], problem[2]);
      this.calls.push(params);
      if (params.Action !== 'GetPlayInfo' || params.Version !== '2017-03-21')
        return error(400, 'InvalidAction.NotFound', 'Specified api is not found');
      const video = this.videos.get(params.VideoId);
      if (!video) return error(404, 'InvalidVideo.NotFound', 'The video does not exist.');
      if (video.failWith) return error(403, video.failWith, 'The video cannot be played now.');
      const preview = params.PlayConfig
        ? Number((JSON.parse(params.PlayConfig) as { PreviewTime?: string }).PreviewTime ?? 0)
        : 0;
      const playUrl = (definition: string) => {
        const path = `/${params.VideoId}/video-${definition.toLowerCase()}.m3u8`;
        const address = new URL(`${this.url}${path}`);
        if (params.AuthTimeout) {
          const timestamp =
            Math.floor(this.now().getTime() / 1000) + Number(params.AuthTimeout) - this.validitySeconds;
          const rand = randomUUID().replaceAll('-', '');
          address.searchParams.set(
            'auth_key',
            `${timestamp}-${rand}-0-${this.hash(path, timestamp, rand, '0', preview)}`,
          );
        }
        if (preview > 0) address.searchParams.set('end', String(preview));
        return address.toString();
      };
      return reply(200, {
        VideoBase: {
          VideoId: params.VideoId,
          Duration: video.duration.toFixed(3),
          Status: 'Normal',
          MediaType: 'video',
        },
        PlayInfoList: {
          PlayInfo: ['HD', 'SD'].map((definition) => ({
            PlayURL: playUrl(definition),
            Definition: definition,
            Format: 'm3u8',
            Duration: video.duration.toFixed(3),
            Status: 'Normal',
            StreamType: 'video',
          })),
        },
      });
    });
  }

  /** Type A: md5(URI-timestamp-rand-uid-key), with `-end` appended for a preview address. */
  private hash(path: string, timestamp: number, rand: string, uid: string, preview: number): string {
    const extra = preview > 0 ? `-${preview}` : '';
    return createHash('md5')
      .update(`${path}-${timestamp}-${rand}-${uid}-${this.account.domainKey}${extra}`)
      .digest('hex');
  }

  private serveCdn(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const deny = (why: string) => {
      this.refused.push(`cdn: ${why}`);
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end(why);
    };
    const match = /^(\d+)-([0-9a-zA-Z]+)-([0-9a-zA-Z]+)-([0-9a-f]{32})$/.exec(
      url.searchParams.get('auth_key') ?? '',
    );
    if (!match) return deny('no auth_key');
    const [, timestamp, rand, uid, hash] = match;
    const preview = Number(url.searchParams.get('end') ?? 0);
    const expected = this.hash(url.pathname, Number(timestamp), rand, uid, preview);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(hash))) return deny('signature mismatch');
    if (Number(timestamp) + this.validitySeconds < this.now().getTime() / 1000) return deny('expired');
    res.writeHead(200, {
      'content-type': 'application/vnd.apple.mpegurl',
      'x-served-seconds': preview > 0 ? String(preview) : 'all',
      'x-viewer-uid': uid,
    });
    res.end('#EXTM3U\n#EXT-X-ENDLIST\n');
  }

  /** Aliyun's RPC checks, written from its documentation independently of our signer. */
  private authenticate(method: string, params: Record<string, string>): [number, string, string] | null {
    if (params.AccessKeyId !== this.account.accessKeyId)
      return [404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.'];
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
      return [400, 'InvalidParameter', 'bad signature method'];
    const timestamp = Date.parse(params.Timestamp ?? '');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp ?? '') || Number.isNaN(timestamp))
      return [400, 'InvalidTimeStamp.Format', 'Specified time stamp is not valid.'];
    if (Math.abs(this.now().getTime() - timestamp) > 15 * 60_000)
      return [400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'];
    if (!params.SignatureNonce || this.nonces.has(params.SignatureNonce))
      return [400, 'SignatureNonceUsed', 'Specified signature nonce was used already.'];
    this.nonces.add(params.SignatureNonce);
    // RFC 3986: everything but A-Z a-z 0-9 - _ . ~ as %XY (upper-case hex), UTF-8.
    const encode = (text: string) =>
      Array.from(Buffer.from(text, 'utf8'))
        .map((byte) => {
          const c = String.fromCharCode(byte);
          return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        })
        .join('');
    const canonical = Object.keys(params)
      .filter((key) => key !== 'Signature')
      .sort()
      .map((key) => `${encode(key)}=${encode(params[key])}`)
      .join('&');
    const toSign = `${method}&${encode('/')}&${encode(canonical)}`;
    const expected = createHmac('sha1', `${this.account.accessKeySecret}&`).update(toSign).digest();
    const given = Buffer.from(params.Signature ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return [400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.'];
    return null;
  }
}
