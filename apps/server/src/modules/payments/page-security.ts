import { createHash } from 'node:crypto';

/** The CSP source allowing exactly this inline script. */
export const scriptHashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * Security headers of our own payment pages (`/payment/*`: the cashier, the manual transfer
 * instructions, the WeChat scan and JSAPI pages, 模拟支付, 支付成功). They are never framed
 * (a framed 确认支付 button is a clickjacking target) and run no script but the page's own
 * (`ownScript`: the JSAPI page's WeixinJSBridge call), allowed by its hash, so markup that slipped
 * into a page could run none. Styles are inline; images may come from any HTTPS origin (an
 * operator's transfer instructions may show a bank QR code).
 *
 * No `form-action`: the cashier's form is answered by a redirect to the gateway (Alipay, WeChat)
 * or, in the sandbox, back to the h5's own address, and browsers apply `form-action` to that
 * redirect as well. No Referer: the page addresses carry the order's `sign`.
 */
export function paymentPageHeaders(ownScript?: string): Record<string, string> {
  const policy = [
    "default-src 'none'",
    `script-src ${ownScript ? scriptHashSource(ownScript) : "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data: https:",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
