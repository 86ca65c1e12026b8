/**
 * Money on the server: every amount in the database and in the code is an integer number of fen
 * (分). Yuan appears only at the edges — the MeEdu answers and the console send `19.9`, Alipay
 * takes `'19.90'`, messages say 19.9元 — and every conversion goes through here (the parsing rules
 * live in `@kezhan/contract/money`, shared with the h5 and the console). No `* 100` or `/ 100`
 * anywhere else.
 */
import { fenToYuan, fenToYuanText, formatFen, percentDiscountFen, yuanToFen } from '@kezhan/contract/money';

export { fenToYuan, fenToYuanText, formatFen, percentDiscountFen, yuanToFen };

/** `'12.30'` (a gateway's amount) → 1230; anything else → NaN. */
export const yuanTextToFen = (text: string | undefined): number =>
  typeof text === 'string' ? yuanToFen(text) : Number.NaN;

/** MeEdu's whole-yuan `int` columns (prices, orders, paid records, promo values) → fen. */
export const wholeYuanToFen = (yuan: number): number => Math.round(yuan) * 100;

/** `19.9元`: the amount in a member's notification or a console message. */
export const yuanLabel = (fen: number): string => `${formatFen(fen)}元`;
