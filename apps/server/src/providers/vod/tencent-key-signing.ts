import { createHash } from 'node:crypto';

export interface KeyHotlinkSigning {
  /** The play domain's Key 防盗链 KEY. */
  key: string;
  /** When the address stops opening, Unix seconds (Tencent allows 300 s of clock difference on top). */
  expiresAt: number;
  /** 试看 seconds: the CDN serves only the first `exper` seconds; 0 = the whole video. */
  exper: number;
  /** How many viewer IPs may use the address (at most 9); 0 = no limit. */
  rlimit: number;
  /** Random per address. */
  us: string;
}

/**
 * Tencent Cloud VOD key hotlink protection (Key 防盗链): `t` (expiry, lower-case hex Unix time),
 * `exper`, `rlimit`, `us` and `sign = md5(KEY + Dir + t + exper + rlimit + us)`, where Dir is the
 * address's path without the file name (`/dir1/dir2/`) and an absent parameter adds nothing.
 */
export function signTencentKeyHotlink(address: string, signing: KeyHotlinkSigning): string {
  const url = new URL(address);
  for (const name of ['t', 'exper', 'rlimit', 'us', 'sign']) url.searchParams.delete(name);
  const dir = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
  const t = signing.expiresAt.toString(16);
  const exper = signing.exper > 0 ? String(signing.exper) : '';
  const rlimit = signing.rlimit > 0 ? String(signing.rlimit) : '';
  const sign = createHash('md5')
    .update(`${signing.key}${dir}${t}${exper}${rlimit}${signing.us}`)
    .digest('hex');
  url.searchParams.set('t', t);
  if (exper) url.searchParams.set('exper', exper);
  if (rlimit) url.searchParams.set('rlimit', rlimit);
  url.searchParams.set('us', signing.us);
  url.searchParams.set('sign', sign);
  return url.toString();
}
