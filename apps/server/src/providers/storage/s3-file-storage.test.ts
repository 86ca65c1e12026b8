import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import { sha256Hex, signV4 } from './aws-sigv4';
import { StorageError } from './file-storage';
import { S3FileStorage } from './s3-file-storage';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../../test/support/fakes/s3';

describe('AWS Signature V4', () => {
  it('reproduces the signature of the S3 documentation example (GET /test.txt with a Range header)', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      region: 'us-east-1',
      service: 's3',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('S3FileStorage against a fake S3 that checks signatures', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  const storageWith = (overrides: Record<string, string> = {}) =>
    new S3FileStorage(readEnv({ ...fakeS3Env(s3), ...overrides }).storage.s3);

  it('uploads with a valid signature, content type and ACL, and answers the public URL', async () => {
    const storage = storageWith({ S3_OBJECT_ACL: 'public-read' });
    const url = await storage.put(
      'images/member-avatar/2024/05/abc.png',
      Buffer.from('png bytes'),
      'image/png',
    );
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/images/member-avatar/2024/05/abc.png`);
    expect(s3.log.at(-1)).toEqual({
      method: 'PUT',
      path: `/${s3.bucket}/images/member-avatar/2024/05/abc.png`,
      verdict: 'ok',
    });
    const stored = s3.objects.get('images/member-avatar/2024/05/abc.png');
    expect(stored).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png', acl: 'public-read' });
    const fetched = await fetch(url);
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe('png bytes');
  });

  it('deletes with a valid signature (a missing object is fine)', async () => {
    const storage = storageWith();
    await storage.put('a/b.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.delete('a/b.jpg');
    expect(s3.objects.has('a/b.jpg')).toBe(false);
    expect(s3.log.at(-1)).toMatchObject({ method: 'DELETE', verdict: 'ok' });
    await expect(storage.delete('a/b.jpg')).resolves.toBeUndefined();
  });

  it('reports a refused signature (wrong secret) as a StorageError with the S3 code', async () => {
    const storage = storageWith({ S3_SECRET_ACCESS_KEY: 'wrong-secret' });
    const attempt = storage.put('x/y.png', Buffer.from('data'), 'image/png');
    await expect(attempt).rejects.toBeInstanceOf(StorageError);
    await expect(storage.put('x/y.png', Buffer.from('data'), 'image/png')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    expect(s3.objects.has('x/y.png')).toBe(false);
  });

  it('reports an unreachable endpoint as a StorageError', async () => {
    const storage = storageWith({ S3_ENDPOINT: 'http://127.0.0.1:1' });
    await expect(storage.put('x/z.png', Buffer.from('data'), 'image/png')).rejects.toBeInstanceOf(
      StorageError,
    );
  });

  it('builds virtual-hosted URLs by default and CDN URLs when S3_PUBLIC_URL is set', () => {
    const virtual = new S3FileStorage(
      readEnv({
        ...fakeS3Env(s3),
        S3_FORCE_PATH_STYLE: '',
        S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com',
      }).storage.s3,
    );
    expect(virtual.objectUrl('images/a b.png').toString()).toBe(
      `https://${s3.bucket}.cos.ap-guangzhou.myqcloud.com/images/a%20b.png`,
    );
    const cdn = storageWith({ S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(cdn.publicUrl('images/x.png')).toBe('https://cdn.example.com/images/x.png');
  });

  it('refuses keys that could escape the bucket prefix', async () => {
    const storage = storageWith();
    for (const key of ['../etc/passwd', '/abs.png', 'a/../../b.png', 'a//b.png', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toBeInstanceOf(StorageError);
    }
  });

  it('needs the bucket settings when STORAGE_DRIVER=s3', () => {
    expect(() => readEnv({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => readEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3/);
  });
});
