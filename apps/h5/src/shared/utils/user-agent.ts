const MOBILE_UA =
  /phone|pad|pod|iPhone|iPod|ios|iPad|Android|Mobile|BlackBerry|IEMobile|MQQBrowser|JUC|Fennec|wOSBrowser|BrowserNG|WebOS|Symbian|Windows Phone/i;

export interface DeviceHints {
  userAgent: string;
  maxTouchPoints?: number;
}

function currentHints(): DeviceHints {
  if (typeof navigator === 'undefined') return { userAgent: '' };
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints };
}

/**
 * A phone or tablet. iPadOS Safari reports a desktop Mac user agent, so a "Macintosh"
 * with a multi-touch screen also counts as mobile.
 */
export function isMobile(hints: DeviceHints = currentHints()): boolean {
  if (MOBILE_UA.test(hints.userAgent)) return true;
  return /Macintosh/i.test(hints.userAgent) && (hints.maxTouchPoints ?? 0) > 1;
}

/** WeChat's in-app browser. */
export function isWechat(userAgent: string = currentHints().userAgent): boolean {
  return userAgent.toLowerCase().includes('micromessenger');
}
