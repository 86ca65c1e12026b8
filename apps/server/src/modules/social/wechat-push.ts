import { createHash, timingSafeEqual } from 'node:crypto';
import { WechatPushCrypto } from '../../providers/wechat/push-crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';

/** How far WeChat's `timestamp` may be from our clock before a push is treated as a replay. */
const PUSH_MAX_AGE_SECONDS = 300;
/** A nonce is remembered as long as a push signed with it could still be accepted (either side of now). */
const NONCE_MEMORY_SECONDS = 2 * PUSH_MAX_AGE_SECONDS;

export interface WechatPushQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  encrypt_type?: string;
  msg_signature?: string;
}

export interface WechatPushConfig {
  /** The 令牌 of the official account's server settings; empty = nothing is accepted. */
  token: string;
  appId: string;
  /** With an EncodingAESKey only encrypted (安全模式 / 兼容模式) pushes are accepted. */
  crypto: WechatPushCrypto | null;
}

/**
 * WeChat signs every call to the server address with the token set in the official account:
 * SHA-1 of the sorted token, timestamp and nonce (not the body). Without a token nothing is accepted.
 */
export function wechatPushIsGenuine(token: string, query: WechatPushQuery, now: Date): boolean {
  const { signature, timestamp, nonce } = query;
  if (!token || !signature || !timestamp || !nonce || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > PUSH_MAX_AGE_SECONDS) return false;
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A push that passed every check: its message, and a way to let WeChat's retry through. */
export interface OpenedPush {
  xml: string;
  /** Forgets the nonce again (the push could not be handled, so WeChat's retry must be accepted). */
  release(): Promise<void>;
}

/**
 * Opens a push to the server address, or answers null when it must be refused:
 * - the query signature and the timestamp's freshness (5 minutes either way);
 * - with an EncodingAESKey (安全模式): `encrypt_type=aes`, `msg_signature` over the `<Encrypt>`
 *   body, decryption, and the appid sealed inside must be ours — so the body cannot be changed;
 * - the nonce, remembered in the shared store for the signature's lifetime, so a push is taken
 *   once on every node and a replay (with any body) is refused.
 */
export async function openWechatPush(
  store: EphemeralStore,
  config: WechatPushConfig,
  query: WechatPushQuery,
  body: string,
  now: Date,
): Promise<OpenedPush | null> {
  if (!wechatPushIsGenuine(config.token, query, now)) return null;
  const { timestamp, nonce } = query as Required<Pick<WechatPushQuery, 'timestamp' | 'nonce'>>;
  let xml = body;
  if (config.crypto) {
    const encrypted = xmlField(body, 'Encrypt');
    const signature = query.msg_signature ?? '';
    if (query.encrypt_type !== 'aes' || !encrypted || !signature) return null;
    if (!WechatPushCrypto.signatureMatches(config.token, { timestamp, nonce, encrypted }, signature))
      return null;
    const opened = config.crypto.decrypt(encrypted);
    if (!opened || opened.appId !== config.appId) return null;
    xml = opened.xml;
  }
  const nonceKey = `wechat-push:nonce:${timestamp}:${nonce}`;
  if (!(await store.setIfAbsent(nonceKey, '1', NONCE_MEMORY_SECONDS))) return null;
  return { xml, release: () => store.delete(nonceKey) };
}

/** One field of WeChat's flat XML message, with or without CDATA. */
export function xmlField(xml: string, name: string): string {
  const match = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(
    xml,
  );
  return (match?.[1] ?? match?.[2] ?? '').trim();
}

/**
 * The scan in an event push: `SCAN` (already a follower; EventKey is the scene) or `subscribe`
 * (followed by scanning; EventKey is `qrscene_` + the scene), with the QR code's ticket.
 */
export function scanOfPush(xml: string): { scene: string; openid: string; ticket: string } | null {
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = xmlField(xml, 'Event');
  const key = xmlField(xml, 'EventKey');
  const openid = xmlField(xml, 'FromUserName');
  const ticket = xmlField(xml, 'Ticket');
  if (!ticket) return null;
  if (event === 'SCAN') return { scene: key, openid, ticket };
  if (event === 'subscribe' && key.startsWith('qrscene_'))
    return { scene: key.slice('qrscene_'.length), openid, ticket };
  return null;
}
