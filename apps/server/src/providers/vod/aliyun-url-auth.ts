import { createHash } from 'node:crypto';

export interface TypeASigning {
  /** The play domain's URL authentication primary (or secondary) key. */
  key: string;
  /** When the address must stop opening, Unix seconds. */
  expiresAt: number;
  /** The domain's 有效时长: the CDN accepts a signature until timestamp + this. */
  validitySeconds: number;
  /** Random per address, without hyphens. */
  rand: string;
  /** Written into the address (and so into the CDN's logs); `0` when there is no user. */
  uid: string;
}

/**
 * Aliyun CDN / VOD URL authentication type A: `auth_key=timestamp-rand-uid-md5hash` with
 * md5hash = md5(`URI-timestamp-rand-uid-key`), URI the address's path. The CDN refuses the address
 * once timestamp + the domain's validity is past, so the timestamp is the expiry minus that validity.
 * An `auth_key` already on the address (Aliyun's own) is replaced.
 */
export function signAliyunTypeA(address: string, signing: TypeASigning): string {
  const url = new URL(address);
  url.searchParams.delete('auth_key');
  const timestamp = signing.expiresAt - signing.validitySeconds;
  const hash = createHash('md5')
    .update(`${url.pathname}-${timestamp}-${signing.rand}-${signing.uid}-${signing.key}`)
    .digest('hex');
  url.searchParams.set('auth_key', `${timestamp}-${signing.rand}-${signing.uid}-${hash}`);
  return url.toString();
}
