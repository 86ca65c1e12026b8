import { answerYuanToFen, fenToYuan, percentDiscountFen } from '@kezhan/contract/browser';

export interface AppliedPromo {
  code: string;
  /** Yuan, as the server computed it for this member (0.5). */
  discount: number;
  /** A percentage code's percent off (Kezhan servers); the discount then depends on the price. */
  percentOff?: number;
}

/**
 * What the code takes off a price, in yuan: a percentage rounded down to the fen (the server's
 * rule), never over the price. Computed in fen so ¥19.9 − ¥0.5 shows ¥19.4, not 19.399999….
 */
export function promoOff(promo: AppliedPromo | null, price: number): number {
  if (!promo) return 0;
  const priceFen = answerYuanToFen(price);
  const offFen = promo.percentOff
    ? percentDiscountFen(priceFen, promo.percentOff)
    : answerYuanToFen(promo.discount);
  return fenToYuan(Math.max(0, Math.min(offFen, priceFen)));
}

/** What is left to pay after the code, in yuan, never below zero. */
export function amountToPay(price: number, off: number): number {
  return fenToYuan(Math.max(0, answerYuanToFen(price) - answerYuanToFen(off)));
}
