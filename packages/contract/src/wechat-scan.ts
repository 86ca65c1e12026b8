import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { registerWithSocialiteBody } from './social';
import { requiredText } from './validation';

/**
 * Login by scanning the official account's QR code on a computer (MeEdu PC client): the page
 * shows `image`, polls `query` with `code` until the member has scanned, then either logs in or,
 * for a WeChat account not bound yet (and a site that wants a mobile), registers with an
 * SMS-verified mobile.
 */
export const wechatScanStart = z.strictObject({ code: z.string(), image: z.string() });
export type WechatScanStart = z.infer<typeof wechatScanStart>;

export const wechatScanQuery = z.object({ code: requiredText('参数错误', 64) });

/** `success`: -1 not scanned yet, 1 logged in, 0 a mobile is needed (`register/withWechatScan`). */
export const wechatScanResult = z.union([
  z.strictObject({ success: z.literal(-1) }),
  z.strictObject({ success: z.literal(1), token: z.string() }),
  z.strictObject({ success: z.literal(0), action: z.literal('bind_mobile'), code: z.string() }),
]);
export type WechatScanResult = z.infer<typeof wechatScanResult>;

/** WeChat's server calls: `signature` = SHA-1 of the sorted token, `timestamp` and `nonce`. */
export const wechatServerQuery = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(16).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(128).optional(),
  /** 安全模式 / 兼容模式: `aes`, with `msg_signature` covering the encrypted body. */
  encrypt_type: z.string().max(16).optional(),
  msg_signature: z.string().max(64).optional(),
  /** WeChat adds the sender's openid; not signed, so not relied on. */
  openid: z.string().max(64).optional(),
});

export const devWechatScanQuery = z.object({ code: requiredText('参数错误', 64) });
export const devWechatScanConfirmQuery = devWechatScanQuery.extend({
  openid: requiredText('请输入openid', 64),
});

const DEVELOPMENT_PROVIDER =
  'only with the development provider, i.e. when the WeChat official account is not configured (never in production)';

export const wechatScanApi = {
  start: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/wechat/scan',
    tag: 'social',
    summary: 'A login QR code of the WeChat official account (PC)',
    data: wechatScanStart,
    note: '`image` is the QR picture address; `code` is polled with the query endpoint. Refused with 未开启微信公众号扫码登录 unless `socialites.wechat_scan` is 1',
  }),
  query: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/wechat/scan/query',
    tag: 'social',
    summary: 'Whether the QR code was scanned, and the login it gives',
    query: wechatScanQuery,
    data: wechatScanResult,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/v3/auth/register/withWechatScan',
    tag: 'social',
    summary: 'Register (or join the owner of) an SMS-verified mobile for a scanned WeChat account',
    body: registerWithSocialiteBody,
    data: z.strictObject({ token: z.string() }),
  }),
  serverVerify: defineEndpoint({
    method: 'GET',
    path: '/api/wechat/serve',
    tag: 'social',
    summary: "WeChat's check of the official account's server address",
    query: wechatServerQuery,
    answers: 'text/plain',
    note: '`echostr` when the signature matches `WECHAT_MP_SERVER_TOKEN`, else 403',
  }),
  serverEvent: defineEndpoint({
    method: 'POST',
    path: '/api/wechat/serve',
    tag: 'social',
    summary: "WeChat's event push: a scan of a login QR code (plain, or encrypted with the EncodingAESKey)",
    query: wechatServerQuery,
    answers: 'text/plain',
    note: '`success`; 403 when a signature does not match, the push is stale or replayed (nonce already seen), or — with `WECHAT_MP_ENCODING_AES_KEY` — it is not encrypted for this account',
  }),
  devScanPage: defineEndpoint({
    method: 'GET',
    path: '/api/v3/dev/wechat-scan',
    tag: 'development',
    summary: 'Simulated WeChat scan of a login QR code (the page the development QR code opens)',
    condition: DEVELOPMENT_PROVIDER,
    query: devWechatScanQuery,
    answers: 'text/html',
    note: 'A form where any openid can be entered',
  }),
  devScanConfirm: defineEndpoint({
    method: 'GET',
    path: '/api/v3/dev/wechat-scan/confirm',
    tag: 'development',
    summary: 'Simulated scan: as if WeChat had pushed the scan event of this openid',
    condition: DEVELOPMENT_PROVIDER,
    query: devWechatScanConfirmQuery,
    answers: 'text/html',
    note: 'A page saying to go back to the computer',
  }),
};
