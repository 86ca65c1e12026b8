import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { S3Env } from '../../config/env';
import { amzDate, sha256Hex, uriEncode } from '../../providers/storage/aws-sigv4';
import { S3FileStorage } from '../../providers/storage/s3-file-storage';

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 allows presigned addresses up to 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * A presigned S3 GET address (AWS Signature V4, query form, `UNSIGNED-PAYLOAD`): readable by
 * anyone holding it until it expires, even in a private bucket.
 */
export function presignGet(
  objectUrl: URL,
  config: Pick<S3Env, 'accessKeyId' | 'secretAccessKey' | 'region'>,
  date: Date,
  expiresSeconds: number,
): string {
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const params: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${config.accessKeyId}/${scope}`],
    ['X-Amz-Date', stamp],
    ['X-Amz-Expires', String(Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.ceil(expiresSeconds))))],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const query = params
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    objectUrl.pathname,
    query,
    `host:${objectUrl.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${objectUrl.origin}${objectUrl.pathname}?${query}&X-Amz-Signature=${signature}`;
}

/**
 * Where the encrypted renditions live when `STORAGE_DRIVER=s3`: the transcode job uploads each
 * finished generation to `media/<asset>/<generation>/…` in the bucket, and playlists point at
 * presigned addresses that expire with the viewer's grant. Keys and playlists stay on the server.
 */
export class S3MediaStore {
  private readonly storage: S3FileStorage;

  constructor(
    private readonly config: S3Env,
    private readonly now: () => Date,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.storage = new S3FileStorage(config, now, fetchImpl);
  }

  static keyOf(assetId: number, generation: string, relative: string): string {
    return `media/${assetId}/${generation}/${relative.split(path.sep).join('/')}`;
  }

  /** Uploads every segment (and the poster) of a generation folder. */
  async uploadGeneration(assetId: number, generation: string, dir: string): Promise<number> {
    let count = 0;
    const walk = async (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.(ts|jpg)$/.test(entry.name)) {
          const type = entry.name.endsWith('.ts') ? 'video/mp2t' : 'image/jpeg';
          await this.storage.put(
            S3MediaStore.keyOf(assetId, generation, path.relative(dir, file)),
            fs.readFileSync(file),
            type,
          );
          count += 1;
        }
      }
    };
    await walk(dir);
    return count;
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(key);
  }

  segmentUrl(key: string, expiresSeconds: number): string {
    return presignGet(this.storage.objectUrl(key), this.config, this.now(), expiresSeconds);
  }
}
