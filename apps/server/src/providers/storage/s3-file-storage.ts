import type { S3Env } from '../../config/env';
import { sha256Hex, signV4, uriEncode } from './aws-sigv4';
import { assertSafeKey, StorageError, type FileStorage } from './file-storage';

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Tencent COS, Aliyun OSS S3 mode, R2, …),
 * written with `PutObject` / `DeleteObject` signed by AWS Signature V4. Objects must be publicly
 * readable: through the bucket policy, `S3_OBJECT_ACL=public-read`, or a CDN at `S3_PUBLIC_URL`.
 */
export class S3FileStorage implements FileStorage {
  readonly name = 's3' as const;

  constructor(
    private readonly config: S3Env,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  objectUrl(key: string): URL {
    const endpoint = new URL(this.config.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    const encodedKey = uriEncode(key, true);
    if (this.config.forcePathStyle) {
      return new URL(`${endpoint.origin}${base}/${uriEncode(this.config.bucket)}/${encodedKey}`);
    }
    return new URL(`${endpoint.protocol}//${this.config.bucket}.${endpoint.host}${base}/${encodedKey}`);
  }

  publicUrl(key: string): string {
    if (this.config.publicUrl) return `${this.config.publicUrl}/${uriEncode(key, true)}`;
    return this.objectUrl(key).toString();
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    assertSafeKey(key);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    };
    if (this.config.objectAcl) headers['x-amz-acl'] = this.config.objectAcl;
    await this.send('PUT', key, headers, body);
    return this.publicUrl(key);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.send('DELETE', key, {}, Buffer.alloc(0));
  }

  private async send(method: string, key: string, headers: Record<string, string>, body: Buffer) {
    const url = this.objectUrl(key);
    const signedHeaders = signV4({
      method,
      url,
      headers,
      payloadHash: sha256Hex(body),
      credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
      region: this.config.region,
      service: 's3',
      date: this.now(),
    });
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: signedHeaders,
        body: method === 'PUT' ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new StorageError(`S3 ${method} ${key} unreachable: ${(error as Error).message}`);
    }
    if (response.ok || (method === 'DELETE' && response.status === 404)) return;
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
    throw new StorageError(`S3 ${method} ${key} refused: ${response.status} ${code}`.trim());
  }
}
