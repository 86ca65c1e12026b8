import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { ServerEnv } from '../../config/env';

/** What a vault seals; each purpose has its own key derived from the one secret. */
export type VaultPurpose = 'media-key' | 'admin-totp';

const DERIVATION_LABEL: Record<VaultPurpose, string> = {
  'media-key': 'kezhan-media-key-wrap',
  'admin-totp': 'kezhan-admin-totp-wrap',
};

/**
 * Secrets kept in the database are stored wrapped (AES-256-GCM) under a key derived from
 * MEDIA_KEY_SECRET and the purpose: each video's AES-128 content keys, each administrator's TOTP
 * secret. Wrapped form: `v1.<kid>.<iv>.<ciphertext+tag>` (base64url), where `kid` names the
 * secret, so after a rotation the former secrets (MEDIA_KEY_SECRET_PREVIOUS) still unwrap until
 * `media:rekey` has re-wrapped everything under the current one.
 */
export class KeyVault {
  private readonly current: { kid: string; key: Buffer };
  private readonly byKid = new Map<string, Buffer>();

  constructor(secret: string, previous: string[] = [], purpose: VaultPurpose = 'media-key') {
    this.current = derive(secret, purpose);
    for (const item of [secret, ...previous]) {
      const { kid, key } = derive(item, purpose);
      this.byKid.set(kid, key);
    }
  }

  /** True for a value in this vault's wrapped form (of any of its secrets or another's). */
  static isWrapped(value: string): boolean {
    return value.startsWith('v1.');
  }

  /** A fresh random AES-128 content key. */
  static newContentKey(): Buffer {
    return randomBytes(16);
  }

  wrap(contentKey: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const sealed = Buffer.concat([cipher.update(contentKey), cipher.final(), cipher.getAuthTag()]);
    return ['v1', this.current.kid, iv.toString('base64url'), sealed.toString('base64url')].join('.');
  }

  unwrap(wrapped: string): Buffer {
    const [version, kid, iv, sealed] = wrapped.split('.');
    const key = this.byKid.get(kid ?? '');
    if (version !== 'v1' || !key || !iv || !sealed) {
      throw new Error('Secret wrapped under an unknown MEDIA_KEY_SECRET (set MEDIA_KEY_SECRET_PREVIOUS)');
    }
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
  }

  /** True when the wrapped key is already under the current secret. */
  isCurrent(wrapped: string): boolean {
    return wrapped.split('.')[1] === this.current.kid;
  }
}

function derive(secret: string, purpose: VaultPurpose): { kid: string; key: Buffer } {
  const key = createHash('sha256').update(`${DERIVATION_LABEL[purpose]}:${secret}`).digest();
  const kid = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return { kid, key };
}

/** MEDIA_KEY_SECRET, or in development one generated once and kept under DATA_DIR. */
export function resolveMediaKeySecret(env: ServerEnv): string {
  if (env.media.keySecret) return env.media.keySecret;
  const file = path.join(env.dataDir, 'media-key-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
