import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media addresses. A grant lets one login session of one member open one video's
 * playlists, key and segments of one scope (`full` or `trial`) until `exp` (unix seconds):
 *
 *   t = <userId>.<session>.<scope>.<kind>.<exp>.<HMAC-SHA256(secret, "v2|videoId|userId|session|scope|kind|exp"), base64url>
 *
 * The video id is in the path and inside the MAC, so a grant never opens another video; the
 * member and the login session (`user_login_records.id`) inside it let playlists and the key
 * re-check, at request time, that the session still stands and the member is still entitled.
 * `kind` separates the entry grant playinfo hands out (`m`, opens only the master playlist) from
 * the grant written into playlists (`p`, opens the media playlists, the key and segments): the
 * master derives the inner expiry from its own, so no grant can be traded for a later one.
 */
export type MediaScope = 'full' | 'trial';
export type MediaGrantKind = 'm' | 'p';

export interface MediaGrant {
  videoId: number;
  userId: number;
  /** The login record (`user_login_records.id`) whose playinfo call issued the grant. */
  session: number;
  scope: MediaScope;
  kind: MediaGrantKind;
  /** Unix seconds. */
  exp: number;
}

const isScope = (value: string): value is MediaScope => value === 'full' || value === 'trial';
const isKind = (value: string): value is MediaGrantKind => value === 'm' || value === 'p';
const ID = /^\d{1,12}$/;

export class MediaSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(grant: MediaGrant): string {
    return createHmac('sha256', this.secret)
      .update(
        `v2|${grant.videoId}|${grant.userId}|${grant.session}|${grant.scope}|${grant.kind}|${grant.exp}`,
      )
      .digest('base64url');
  }

  sign(grant: MediaGrant): string {
    return `${grant.userId}.${grant.session}.${grant.scope}.${grant.kind}.${grant.exp}.${this.mac(grant)}`;
  }

  /** The grant a token carries for this video, or null when it is malformed, forged or expired. */
  verify(token: unknown, videoId: number, nowMs: number): MediaGrant | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const parts = token.split('.');
    if (parts.length !== 6) return null;
    const [user, session, scope, kind, exp, mac] = parts;
    if (!ID.test(user) || !ID.test(session) || !ID.test(exp) || !isScope(scope) || !isKind(kind)) return null;
    const grant: MediaGrant = {
      videoId,
      userId: Number(user),
      session: Number(session),
      scope,
      kind,
      exp: Number(exp),
    };
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
