/**
 * Every address of a picture or a file that the member API answers is absolute, as MeEdu's are:
 * MeEdu clients (PC 2024 and 2026, apps) load them from their own origin, where a site path such
 * as `/images/default_avatar.png` (how avatars, demo covers and uploads are stored) is broken.
 *
 * One rule for every `/api/v2` and `/api/v3` answer, applied by `route()`: a string under one of
 * these keys, at any depth, that is a site path (one leading `/`) gets the public address
 * (`APP_URL`, the configuration's `url`) in front. Links to pages (`url`, `href`, the paginator's
 * `path`) are left as configured: they point at the PC or h5 site, not at the API.
 */
export const PUBLIC_URL_FIELDS: ReadonlySet<string> = new Set([
  'avatar',
  'cover',
  'goods_thumb',
  'icon',
  'logo',
  'poster',
  'qrcode',
  'src',
  'thumb',
  'white_logo',
]);

const isSitePath = (value: string) => value.startsWith('/') && !value.startsWith('//');

/**
 * `data` with every site path under a `PUBLIC_URL_FIELDS` key made absolute. Copies only the
 * objects and arrays on the way to a changed value; anything else is the caller's own (answers
 * may come from a cache and are never modified).
 */
export function withAbsoluteUrls<T>(data: T, publicAddress: string): T {
  return absolutize(data, publicAddress) as T;
}

function absolutize(value: unknown, base: string): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const next = absolutize(item, base);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next =
      typeof item === 'string'
        ? PUBLIC_URL_FIELDS.has(key) && isSitePath(item)
          ? `${base}${item}`
          : item
        : absolutize(item, base);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return copy ?? value;
}
