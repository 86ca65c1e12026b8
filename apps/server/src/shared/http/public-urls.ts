/**
 * Every address of a picture or a file that the member API answers is absolute, as MeEdu's are:
 * MeEdu clients (PC 2024 and 2026, apps) load them from their own origin, where a site path such
 * as `/images/default_avatar.png` (how avatars, demo covers and uploads are stored) is broken.
 *
 * One rule for every `/api/v2` and `/api/v3` answer, applied by `route()`: a string under one of
 * these keys, at any depth, that is a site path (one leading `/`) gets the public address
 * (`APP_URL`, the configuration's `url`) in front. Links to pages (`url`, `href`, the paginator's
 * `path`) are left as configured: they point at the PC or h5 site, not at the API.
 *
 * HTML held in any string (a course's `render_desc`, a lesson or an article's content, an
 * announcement, 购买须知, transfer instructions…) follows the same rule inside its tags: `src`,
 * `poster` and `srcset` site paths, and `href` site paths to a file (a name with an extension, such
 * as `/storage/files/讲义.pdf`), get the public address in front. Links to pages stay as written.
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

/** A tag's attribute that names a picture, a video or a file: `src="/…"`, `href='/…'`. */
const TAG = /<[a-z][^<>]*>/gi;
const ADDRESS_ATTRIBUTE = /(\s(?:src|poster|srcset|href)\s*=\s*)("([^"]*)"|'([^']*)')/gi;
/** A file's path: its last segment has an extension, and it is not a page (`.html`, `.php`). */
const FILE_PATH = /\.(?!html?$|php$)[a-z0-9]{1,8}$/i;

function absoluteAddress(name: string, address: string, base: string): string {
  if (name === 'srcset')
    return address.replace(
      /(^|,)(\s*)([^\s,]+)/g,
      (whole, comma: string, space: string, candidate: string) =>
        isSitePath(candidate) ? `${comma}${space}${base}${candidate}` : whole,
    );
  if (!isSitePath(address)) return address;
  if (name === 'href' && !FILE_PATH.test(address.split(/[?#]/)[0])) return address;
  return `${base}${address}`;
}

/** `html` with the site paths of its pictures, videos and files made absolute (the rule above). */
export function withAbsoluteHtmlUrls(html: string, base: string): string {
  if (!html.includes('<')) return html;
  return html.replace(TAG, (tag) =>
    tag.replace(
      ADDRESS_ATTRIBUTE,
      (whole, lead: string, quoted: string, double: string | undefined, single: string | undefined) => {
        const name = lead
          .trim()
          .replace(/\s*=\s*$/, '')
          .toLowerCase();
        const address = double ?? single ?? '';
        const next = absoluteAddress(name, address, base);
        if (next === address) return whole;
        const quote = quoted[0];
        return `${lead}${quote}${next}${quote}`;
      },
    ),
  );
}

/**
 * `data` with every site path under a `PUBLIC_URL_FIELDS` key made absolute. Copies only the
 * objects and arrays on the way to a changed value; anything else is the caller's own (answers
 * may come from a cache and are never modified).
 */
export function withAbsoluteUrls<T>(data: T, publicAddress: string): T {
  return absolutize(data, publicAddress) as T;
}

function absoluteString(key: string, value: string, base: string): string {
  if (PUBLIC_URL_FIELDS.has(key) && isSitePath(value)) return `${base}${value}`;
  return withAbsoluteHtmlUrls(value, base);
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
    const next = typeof item === 'string' ? absoluteString(key, item, base) : absolutize(item, base);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return copy ?? value;
}
