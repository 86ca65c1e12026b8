/**
 * Money on the wire and in the database.
 *
 * Kezhan stores every amount as an integer number of fen (分, 1/100 yuan). The wire speaks yuan,
 * as MeEdu does: `charge: 19.9` on the member API and in the console. These functions are the only
 * place the two meet; they never multiply a float by 100 (19.9 × 100 = 1989.9999999999998), they
 * read the decimal digits instead. Zod-free, so the h5 and the console use them too.
 */

/** A yuan amount as typed or sent: digits, then at most two decimals. */
const YUAN_TEXT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * `19.9` or `'19.90'` → 1990. Anything that is not a non-negative yuan amount with at most two
 * decimals (a third decimal, an exponent, a sign, text) → NaN, so the caller refuses it rather than
 * rounding it silently.
 */
export function yuanToFen(yuan: number | string): number {
  const text = typeof yuan === 'number' ? (Number.isFinite(yuan) ? String(yuan) : '') : yuan.trim();
  const match = YUAN_TEXT.exec(text);
  if (!match) return Number.NaN;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : Number.NaN;
}

/**
 * What a money field says when its amount has a third decimal or is not an amount at all; the
 * server's validation and the console's forms word it alike (`价格须为金额，最多两位小数（如 19.9）`).
 */
export const yuanFormatMessage = (label: string): string => `${label}须为金额，最多两位小数（如 19.9）`;

/**
 * A yuan number from an answer (19.9) → fen, to the nearest fen: for sums a client does with prices
 * it was sent (19.9 − 0.5 is 19.4 only when done in fen). Input it did not receive goes through
 * `yuanToFen`, which refuses a third decimal instead.
 */
export const answerYuanToFen = (yuan: number): number => (Number.isFinite(yuan) ? Math.round(yuan * 100) : 0);

/** 1990 → 19.9: the yuan number the MeEdu contract sends (the nearest double, printed as typed). */
export const fenToYuan = (fen: number): number => fen / 100;

/** 1990 → `'19.90'`: Alipay's `total_amount`, the payment pages. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1990 → `'19.9'`, 2000 → `'20'`, 1 → `'0.01'`: how people write a price (¥19.9). */
export const formatFen = (fen: number): string => String(fenToYuan(fen));

/**
 * The discount of a percentage code, in fen: `floor(price × percent / 100)`, never more than the
 * price. Rounding down is in the buyer's disfavour by under one fen, and it is the rule MeEdu
 * clients reproduce: 15 % off ¥19.9 is ¥2.98 off (2.985 rounded down), ¥16.92 to pay.
 */
export function percentDiscountFen(priceFen: number, percentOff: number): number {
  return Math.min(priceFen, Math.floor((priceFen * percentOff) / 100));
}
