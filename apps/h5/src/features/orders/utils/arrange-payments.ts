import type { PaymentMethod, PaymentScene } from '@kezhan/contract/orders';

export const LAST_PAYMENT_KEY = 'kezhan-last-payment';

/** Gateways completed by a browser redirect to the server; `handPay` has its own page. */
export const REDIRECT_SIGNS: readonly string[] = ['alipay', 'wechat-jsapi', 'wechat_h5', 'sandbox'];
const SUPPORTED_SIGNS: readonly string[] = [...REDIRECT_SIGNS, 'handPay'];

/** The development gateway: it takes no money and is labelled as a test method. */
export const TEST_SIGNS: readonly string[] = ['sandbox'];

/** The method the member paid with last time on this device ('' when none). */
export function lastPayment(): string {
  try {
    return localStorage.getItem(LAST_PAYMENT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPayment(sign: string): void {
  try {
    localStorage.setItem(LAST_PAYMENT_KEY, sign);
  } catch {
    /* private mode: nothing remembered */
  }
}

/**
 * Only gateways this client can complete are listed: in WeChat's in-app browser JSAPI first, real
 * gateways before the test one. A method is always chosen so 提交订单 pays at the first tap: the
 * last one used on this device when still offered, otherwise the first real one listed.
 */
export function arrangePayments(methods: PaymentMethod[], scene: PaymentScene, last = '') {
  const usable = methods.filter((m) => SUPPORTED_SIGNS.includes(m.sign));
  const rank = (m: PaymentMethod) =>
    (scene === 'wechat' && m.sign === 'wechat-jsapi' ? 0 : 1) + (TEST_SIGNS.includes(m.sign) ? 2 : 0);
  const list = usable
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
    .map(({ m }) => m);
  const preselected = list.find((m) => m.sign === last)?.sign ?? list[0]?.sign ?? '';
  return { list, preselected };
}
