import type { PaymentMethod, PaymentScene } from '@kezhan/contract/orders';

/** Gateways completed by a browser redirect to the server; `handPay` has its own page. */
export const REDIRECT_SIGNS: readonly string[] = ['alipay', 'wechat-jsapi', 'wechat_h5', 'sandbox'];
const SUPPORTED_SIGNS: readonly string[] = [...REDIRECT_SIGNS, 'handPay'];

/**
 * Only gateways this client can complete are listed. WeChat's in-app browser pays with JSAPI,
 * listed first and chosen for the member; elsewhere a method is chosen for them only when it is
 * the only one.
 */
export function arrangePayments(methods: PaymentMethod[], scene: PaymentScene) {
  const usable = methods.filter((m) => SUPPORTED_SIGNS.includes(m.sign));
  const list = [
    ...usable.filter((m) => m.sign === 'wechat-jsapi'),
    ...usable.filter((m) => m.sign !== 'wechat-jsapi'),
  ];
  let preselected = '';
  if (list.length === 1) preselected = list[0].sign;
  else if (scene === 'wechat' && list[0]?.sign === 'wechat-jsapi') preselected = list[0].sign;
  return { list, preselected };
}
