import { MAINLAND_MOBILE } from '@kezhan/contract/browser';

/** The server's mainland mobile rule: 11 digits, `1`, then 3–9, then nine digits. */
export function isChinaMobilePhone(value: string): boolean {
  return MAINLAND_MOBILE.test(value);
}

/** `13812345678` → `138****5678`. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}
