import { describe, expect, it } from 'vitest';
import { parseCheckoutQuery } from './checkout-query';
import { amountToPay, promoOff } from './promo';

describe('checkout money, in fen', () => {
  it('takes a ¥0.5 code off ¥19.9 exactly: ¥19.4, not 19.399999…', () => {
    const off = promoOff({ code: 'HALF', discount: 0.5 }, 19.9);
    expect(off).toBe(0.5);
    expect(amountToPay(19.9, off)).toBe(19.4);
    expect(String(amountToPay(0.3, 0.1))).toBe('0.2');
  });

  it('rounds a percentage down to the fen like the server: 8.5折 on ¥19.9 is ¥2.98 off, ¥16.92 to pay', () => {
    const off = promoOff({ code: 'PCT15', discount: 0, percentOff: 15 }, 19.9);
    expect(off).toBe(2.98);
    expect(amountToPay(19.9, off)).toBe(16.92);
  });

  it('never takes off more than the price', () => {
    expect(promoOff({ code: 'BIG', discount: 500 }, 19.9)).toBe(19.9);
    expect(amountToPay(19.9, 19.9)).toBe(0);
  });

  it('reads prices with decimals from the checkout link and refuses a third decimal', () => {
    const read = (charge: string) =>
      parseCheckoutQuery(
        new URLSearchParams(`goods_type=vod&goods_id=7&goods_charge=${charge}&order_amount=${charge}`),
      );
    expect(read('19.9')).toMatchObject({ charge: 19.9, orderAmount: 19.9 });
    expect(read('0.01')).toMatchObject({ charge: 0.01 });
    expect(read('19.999')).toMatchObject({ charge: null, orderAmount: null });
    expect(read('-1')).toMatchObject({ charge: null });
  });
});
