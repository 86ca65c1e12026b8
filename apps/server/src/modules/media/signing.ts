import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media addresses. A token grants one member one video's playlist, key and segments of
 * one scope (`full` or `trial`) until `exp` (unix seconds):
 *
 *   t = <userId>.<scope>.<exp>.<HMAC-SHA256(secret, "v1|videoId|userId|scope|exp"), base64url>
 *
 * The video id is in the path and inside the MAC, so a token never opens another video; the
 * member id inside it lets the key endpoint re-check that member's entitlement at request time.
 */
export type MediaScope = 'full' | 'trial';

export interface MediaGrant {
  videoId: number;
  userId: number;
  scope: MediaScope;
  /** Unix seconds. */
  exp: number;
}

const isScope = (value: string): value is MediaScope => value === 'full' || value === 'trial';

export class MediaSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(grant: MediaGrant): string {
    return createHmac('sha256', this.secret)
      .update(`v1|${grant.videoId}|${grant.userId}|${grant.scope}|${grant.exp}`)
      .digest('base64url');
  }

  sign(grant: MediaGrant): string {
    return `${grant.userId}.${grant.scope}.${grant.exp}.${this.mac(grant)}`;
  }

  /** The grant a token carries for this video, or null when it is malformed, forged or expired. */
  verify(token: unknown, videoId: number, nowMs: number): MediaGrant | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [user, scope, exp, mac] = parts;
    if (!/^\d{1,10}$/.test(user) || !/^\d{1,12}$/.test(exp) || !isScope(scope)) return null;
    const grant: MediaGrant = { videoId, userId: Number(user), scope, exp: Number(exp) };
    const expected = Buffer.from(this.mac(grant));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (grant.exp * 1000 <= nowMs) return null;
    return grant;
  }

  /**
   * An upload grant: lets its holder upload one source video for one video until `exp`
   * (`u.<videoId>.<exp>.<HMAC("upload-v1|videoId|exp")>`). Issued to operators by the CLI.
   */
  signUpload(videoId: number, exp: number): string {
    return `u.${videoId}.${exp}.${this.uploadMac(videoId, exp)}`;
  }

  /** The video an upload grant is for, or null when it is malformed, forged or expired. */
  verifyUpload(token: unknown, nowMs: number): { videoId: number; exp: number } | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const [tag, video, exp, mac, ...rest] = token.split('.');
    if (tag !== 'u' || rest.length > 0 || !/^\d{1,9}$/.test(video ?? '') || !/^\d{1,12}$/.test(exp ?? ''))
      return null;
    const expected = Buffer.from(this.uploadMac(Number(video), Number(exp)));
    const given = Buffer.from(mac ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(exp) * 1000 <= nowMs) return null;
    return { videoId: Number(video), exp: Number(exp) };
  }

  private uploadMac(videoId: number, exp: number): string {
    return createHmac('sha256', this.secret).update(`upload-v1|${videoId}|${exp}`).digest('base64url');
  }
}
