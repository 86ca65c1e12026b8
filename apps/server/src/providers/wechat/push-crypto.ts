import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

/**
 * WeChat official-account message encryption (安全模式): what WeChat does to every push when the
 * account's 消息加解密方式 is 安全模式 (or 兼容模式), with the 43-character EncodingAESKey.
 *
 * - key = base64(EncodingAESKey + "=") — 32 bytes; IV = the key's first 16 bytes;
 * - plaintext = 16 random bytes ‖ message length (4 bytes, big-endian) ‖ message XML ‖ appid,
 *   padded PKCS#7-style to a multiple of 32 bytes, encrypted with AES-256-CBC, base64 in `<Encrypt>`;
 * - `msg_signature` = SHA-1 of the sorted token, timestamp, nonce and that `<Encrypt>` text, so the
 *   signature covers the body.
 */
export class WechatPushCrypto {
  private readonly key: Buffer;

  constructor(encodingAesKey: string) {
    this.key = WechatPushCrypto.keyOf(encodingAesKey);
  }

  /** The AES key of an EncodingAESKey; throws when it is not 43 base64 characters. */
  static keyOf(encodingAesKey: string): Buffer {
    if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey))
      throw new Error('WECHAT_MP_ENCODING_AES_KEY must be the 43-character EncodingAESKey');
    return Buffer.from(`${encodingAesKey}=`, 'base64');
  }

  /** Whether `msg_signature` is WeChat's for this timestamp, nonce and encrypted body. */
  static signatureMatches(
    token: string,
    parts: { timestamp: string; nonce: string; encrypted: string },
    signature: string,
  ): boolean {
    const expected = createHash('sha1')
      .update([token, parts.timestamp, parts.nonce, parts.encrypted].sort().join(''))
      .digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The message and the appid sealed in `<Encrypt>`, or null when it does not decrypt as WeChat's. */
  decrypt(encrypted: string): { xml: string; appId: string } | null {
    try {
      const decipher = createDecipheriv('aes-256-cbc', this.key, this.key.subarray(0, 16));
      decipher.setAutoPadding(false);
      const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
      const pad = padded.at(-1) ?? 0;
      if (pad < 1 || pad > 32 || padded.length < 20 + pad) return null;
      const plain = padded.subarray(0, padded.length - pad);
      const length = plain.readUInt32BE(16);
      if (20 + length > plain.length) return null;
      return {
        xml: plain.subarray(20, 20 + length).toString('utf8'),
        appId: plain.subarray(20 + length).toString('utf8'),
      };
    } catch {
      return null;
    }
  }
}
