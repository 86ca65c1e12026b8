import { describe, expect, it } from 'vitest';
import { checkoutUrl } from './checkout-url';

describe('checkoutUrl', () => {
  it('builds the cashier address of a course with every value encoded', () => {
    const url = checkoutUrl({
      type: 'vod',
      id: 12,
      name: 'C&C #1',
      charge: 299,
      thumb: 'http://x/a.png?b=1',
    });
    expect(url.startsWith('/order?')).toBe(true);
    const params = new URLSearchParams(url.slice('/order?'.length));
    expect(Object.fromEntries(params)).toEqual({
      goods_type: 'vod',
      goods_id: '12',
      goods_name: 'C&C #1',
      goods_label: '录播课程',
      goods_charge: '299',
      goods_thumb: 'http://x/a.png?b=1',
    });
  });

  it('labels VIP plans VIP会员 and carries an order to continue paying', () => {
    const params = new URLSearchParams(
      checkoutUrl({
        type: 'role',
        id: 2,
        name: '季度会员',
        charge: 80,
        orderId: '1123456',
        orderAmount: 70,
      }).split('?')[1],
    );
    expect(params.get('goods_label')).toBe('VIP会员');
    expect(params.get('order_id')).toBe('1123456');
    expect(params.get('order_amount')).toBe('70');
  });
});
