/**
 * Display name (`payment_text`, the payments list) and stored `payment_method` of each gateway
 * sign. `wechat_h5` and `sandbox` are Kezhan additions.
 */
export const PAYMENT_NAMES: Record<string, { name: string; method: string }> = {
  alipay: { name: '支付宝', method: 'wap' },
  'wechat-jsapi': { name: '微信JSAPI支付', method: 'mp' },
  wechat_h5: { name: '微信H5支付', method: 'h5' },
  wechat: { name: '微信扫码支付', method: 'scan' },
  handPay: { name: '手动打款', method: 'hand' },
  sandbox: { name: '模拟支付', method: 'sandbox' },
};

export const paymentText = (sign: string) => PAYMENT_NAMES[sign]?.name ?? '';
