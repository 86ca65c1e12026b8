import http from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * An in-process S3 look-alike for tests, on 127.0.0.1. It checks every write the way S3 does —
 * recomputing the AWS SigV4 signature from the request it actually received, with its own code —
 * and serves stored objects back with unsigned GETs (a public bucket), or with `privateReads` only
 * to presigned GETs (query-string SigV4, checked the same way, expiry included).
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string; acl: string }>;
  /** Every request: method, path and whether its signature held. */
  log: { method: string; path: string; verdict: string }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function verify(
  req: http.IncomingMessage,
  body: Buffer,
  secret: string,
  accessKeyId: string,
  region: string,
): string {
  const auth = String(req.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, keyId, day, scopeRegion, signedHeaderList, signature] = match;
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  if (scopeRegion !== region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return 'AuthorizationHeaderMalformed';
  const contentHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (contentHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return 'AccessDenied';
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('='))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v = '']) => `${k}=${v}`)
    .join('&');
  const canonical = [
    req.method,
    rawPath,
    canonicalQuery,
    signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join(''),
    signedHeaderList,
    contentHash,
  ].join('\n');
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex') === signature
    ? 'ok'
    : 'SignatureDoesNotMatch';
}

/** A presigned GET (`X-Amz-Signature` in the query): 'ok' or the S3 error code. */
function verifyPresigned(
  req: http.IncomingMessage,
  secret: string,
  accessKeyId: string,
  region: string,
  now: Date,
): string {
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
  const get = (name: string) => decodeURIComponent(pairs.find(([k]) => k === name)?.[1] ?? '');
  const signature = get('X-Amz-Signature');
  const [keyId, day, scopeRegion, service, terminal] = get('X-Amz-Credential').split('/');
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  if (scopeRegion !== region || service !== 's3' || terminal !== 'aws4_request')
    return 'AuthorizationQueryParametersError';
  if (get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || get('X-Amz-SignedHeaders') !== 'host')
    return 'AuthorizationQueryParametersError';
  const stamp = get('X-Amz-Date');
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  if (!match || !stamp.startsWith(day)) return 'AuthorizationQueryParametersError';
  const signedAt = Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6]);
  const expires = Number(get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604800)
    return 'AuthorizationQueryParametersError';
  if (now.getTime() > signedAt + expires * 1000) return 'AccessDenied';
  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    'GET',
    rawPath,
    canonicalQuery,
    `host:${req.headers.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex') === signature
    ? 'ok'
    : 'SignatureDoesNotMatch';
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; privateReads?: boolean; now?: () => Date } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'kezhan-test';
  const region = options.region ?? 'ap-guangzhou';
  const accessKeyId = 'AKIDFAKEKEZHAN';
  const secretAccessKey = 'fake/secret+key/for/tests';
  const objects: FakeS3['objects'] = new Map();
  const log: FakeS3['log'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0];
      const prefix = `/${bucket}/`;
      const key = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : null;
      const deny = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
        );
      };
      if (!key) return deny(404, 'NoSuchBucket');
      if (req.method === 'GET') {
        const presigned = (req.url ?? '').includes('X-Amz-Signature=');
        if (presigned || options.privateReads) {
          const verdict = presigned
            ? verifyPresigned(
                req,
                secretAccessKey,
                accessKeyId,
                region,
                (options.now ?? (() => new Date()))(),
              )
            : 'AccessDenied';
          if (verdict !== 'ok') {
            log.push({ method: 'GET', path, verdict });
            return deny(403, verdict);
          }
        }
        const object = objects.get(key);
        log.push({ method: 'GET', path, verdict: object ? 'ok' : 'NoSuchKey' });
        if (!object) return deny(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType });
        return res.end(object.body);
      }
      const verdict = verify(req, body, secretAccessKey, accessKeyId, region);
      log.push({ method: req.method ?? '', path, verdict });
      if (verdict !== 'ok') return deny(403, verdict);
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? ''),
          acl: String(req.headers['x-amz-acl'] ?? ''),
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return deny(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Environment variables that point the server at a fake S3. */
export const fakeS3Env = (s3: FakeS3, overrides: Record<string, string> = {}): Record<string, string> => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: s3.region,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: '1',
  ...overrides,
});
