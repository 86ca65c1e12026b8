import { describe, expect, it } from 'vitest';
import { parseCheckoutQuery } from './checkout-query';
import { payRedirectUrl } from './pay-redirect';
import { sanitizeHtml } from './sanitize-html';

describe('payRedirectUrl', () => {
  it('carries the ticket, never a token, and returns to the polling success page', () => {
    const url = new URL(
      payRedirectUrl({
        apiUrl: 'https://api.example.com/',
        origin: 'https://h5.example.com',
        orderId: '1123456',
        sign: 'sandbox',
        scene: 'h5',
        ticket: 'T'.repeat(32),
        goodsType: 'vod',
        goodsId: 7,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://api.example.com/api/v2/order/pay/redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order_id: '1123456',
      payment: 'sandbox',
      payment_scene: 'h5',
      ticket: 'T'.repeat(32),
      s_url: 'https://h5.example.com/order/success?order_id=1123456&goods_type=vod&goods_id=7',
      f_url: 'https://h5.example.com',
    });
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('uses the page origin when config.url is empty', () => {
    const url = payRedirectUrl({
      apiUrl: '',
      origin: 'http://127.0.0.1:1',
      orderId: '1',
      sign: 'alipay',
      scene: 'h5',
      ticket: 't',
      goodsType: 'role',
      goodsId: 1,
    });
    expect(url.startsWith('http://127.0.0.1:1/api/v2/order/pay/redirect?')).toBe(true);
  });
});

describe('parseCheckoutQuery', () => {
  it('accepts goods_id or id, and refuses unknown goods types', () => {
    expect(parseCheckoutQuery(new URLSearchParams('goods_type=vod&id=3'))).toMatchObject({
      type: 'vod',
      id: 3,
      label: '录播课程',
    });
    expect(parseCheckoutQuery(new URLSearchParams('goods_type=video&goods_id=3'))).toBeNull();
    expect(parseCheckoutQuery(new URLSearchParams('goods_type=role&goods_id=abc'))).toBeNull();
    expect(parseCheckoutQuery(new URLSearchParams('goods_type=role&goods_id=2&order_id=<x>'))).toMatchObject({
      orderId: '',
    });
  });
});

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">户名：<b>课栈</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    );
    expect(clean).toContain('<p>户名：<b>课栈</b></p>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
  });
});
