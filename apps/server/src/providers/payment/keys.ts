import fs from 'node:fs';
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Vendor keys arrive in several shapes: PEM (with real or `\n`-escaped newlines), a path to a
 * PEM file, or the bare base64 body the Alipay console shows. All become KeyObjects here.
 */
function pemOrDer(text: string): { pem: string } | { der: Buffer } {
  const value = text.trim();
  if (value.includes('-----BEGIN')) return { pem: value.replace(/\\n/g, '\n') };
  if (value.startsWith('/') && fs.existsSync(value)) return pemOrDer(fs.readFileSync(value, 'utf8'));
  return { der: Buffer.from(value.replace(/\s+/g, ''), 'base64') };
}

export function loadPrivateKey(text: string): KeyObject {
  const source = pemOrDer(text);
  if ('pem' in source) return createPrivateKey(source.pem);
  try {
    return createPrivateKey({ key: source.der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: source.der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key, or the public key of an X.509 certificate (WeChat Pay platform certificates). */
export function loadPublicKey(text: string): KeyObject {
  const source = pemOrDer(text);
  if ('pem' in source) {
    if (source.pem.includes('BEGIN CERTIFICATE')) return new X509Certificate(source.pem).publicKey;
    return createPublicKey(source.pem);
  }
  try {
    return createPublicKey({ key: source.der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: source.der, format: 'der', type: 'pkcs1' });
  }
}
