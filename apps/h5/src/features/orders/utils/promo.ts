export interface AppliedPromo {
  code: string;
  /** Yuan, as the server computed it for this member. */
  discount: number;
  /** A percentage code's percent off (Kezhan servers); the discount then depends on the price. */
  percentOff?: number;
}

/** What the code takes off a price: a percentage rounded down to whole yuan, never over the price. */
export function promoOff(promo: AppliedPromo | null, price: number): number {
  if (!promo) return 0;
  const off = promo.percentOff ? Math.floor((price * promo.percentOff) / 100) : promo.discount;
  return Math.max(0, Math.min(off, price));
}
