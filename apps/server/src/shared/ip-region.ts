import { isIP } from 'node:net';
import IP2Region from 'ip2region';

/**
 * Where an IP address is, at the grain MeEdu shows beside a comment (`ip_province`): the province
 * for a mainland address (`广东省`), the country elsewhere (`美国`), nothing for private and
 * unknown addresses. The lookup reads the IP database bundled with the `ip2region` package
 * (offline, no network service), loaded on first use.
 */
let database: IP2Region | undefined;

export function ipProvince(address: string): string {
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(ip) === 0) return '';
  try {
    database ??= new IP2Region();
    const found = database.search(ip);
    if (!found) return '';
    const text = found.country === '中国' ? found.province || found.country : found.country;
    return (text ?? '').slice(0, 32);
  } catch {
    return '';
  }
}
