import { describe, expect, it } from 'vitest';
import { isMobile, isWechat } from './user-agent';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('isMobile', () => {
  it('recognises phones', () => {
    expect(isMobile({ userAgent: IPHONE })).toBe(true);
    expect(isMobile({ userAgent: ANDROID })).toBe(true);
    expect(isMobile({ userAgent: WECHAT })).toBe(true);
  });

  it('treats desktop browsers as PC', () => {
    expect(isMobile({ userAgent: DESKTOP_CHROME, maxTouchPoints: 0 })).toBe(false);
    expect(isMobile({ userAgent: MAC_SAFARI, maxTouchPoints: 0 })).toBe(false);
  });

  it('treats iPadOS Safari (desktop UA with multi-touch) as mobile', () => {
    expect(isMobile({ userAgent: MAC_SAFARI, maxTouchPoints: 5 })).toBe(true);
  });
});

describe('isWechat', () => {
  it('detects the MicroMessenger marker case-insensitively', () => {
    expect(isWechat(WECHAT)).toBe(true);
    expect(isWechat(WECHAT.replace('MicroMessenger', 'micromessenger'))).toBe(true);
  });

  it('is false elsewhere', () => {
    expect(isWechat(IPHONE)).toBe(false);
    expect(isWechat(DESKTOP_CHROME)).toBe(false);
  });
});
