import type { z } from 'zod';
import type { registerWithSocialiteBody } from '@kezhan/contract/social';
import type { WechatScanResult, WechatScanStart } from '@kezhan/contract/wechat-scan';
import { SCAN_LOGIN_TTL_SECONDS, type WechatScanProvider } from '../../providers/wechat/scan-login';
import type { SocialUser } from '../../providers/oauth/oauth-provider';
import type { AppServices } from '../../services';
import { randomAlphanumeric } from '../../shared/auth/tokens';
import type { ClientInfo } from '../../shared/http/client-info';
import { BusinessError } from '../../shared/http/errors';
import { issueLoginToken } from '../auth/login-service';
import { findBoundMember, registerSocialMember } from './social-accounts';
import { APP_NOT_CONFIGURED_MESSAGE, joinOrRegisterByMobile, LOCKED_MESSAGE } from './social-login-service';

export const SCAN_DISABLED_MESSAGE = '未开启微信公众号扫码登录';
export const SCAN_EXPIRED_MESSAGE = '已过期';

/** The scene a login QR code carries back in WeChat's event: our prefix, then the code. */
const SCENE_PREFIX = 'login:';
export const loginScene = (code: string) => `${SCENE_PREFIX}${code}`;
const keyOf = (code: string) => `wechat-scan:${code}`;

/**
 * A waiting code holds the ticket WeChat gave its QR code (none for the development page); once
 * scanned it holds the WeChat account that scanned it.
 */
interface ScanEntry {
  ticket?: string;
  openid?: string;
}

/** Who reports a scan: a push from WeChat naming its QR code's ticket, or the development page. */
export type ScanReport = { ticket: string } | 'development-page';

const scannedUser = (openid: string): SocialUser => ({ openid, unionid: '', nickname: '', avatar: '' });

async function readEntry(services: AppServices, code: string): Promise<ScanEntry | null> {
  const stored = await services.store.get(keyOf(code));
  return stored === null ? null : (JSON.parse(stored) as ScanEntry);
}

/** `GET /api/v3/auth/login/wechat/scan`: a fresh code and the QR picture that reports it. */
export async function startScanLogin(
  services: AppServices,
  provider: WechatScanProvider,
): Promise<WechatScanStart> {
  const settings = await services.settings.snapshot();
  if (settings.int('socialites.wechat_scan') !== 1) throw new BusinessError(SCAN_DISABLED_MESSAGE);
  if (!provider.configured) throw new BusinessError(APP_NOT_CONFIGURED_MESSAGE);
  const code = randomAlphanumeric(24);
  const qr = await provider.qrCode(loginScene(code));
  const entry: ScanEntry = qr.ticket ? { ticket: qr.ticket } : {};
  await services.store.set(keyOf(code), JSON.stringify(entry), SCAN_LOGIN_TTL_SECONDS);
  return { code, image: qr.image };
}

/**
 * A scan reported by WeChat (or the development page): the first WeChat account to scan a
 * waiting code owns it; unknown, expired or already scanned codes are ignored. A push acts only
 * on the scene of the QR code it names: its ticket must be the one WeChat gave that scene's code,
 * so a push about one QR code cannot complete the login of another.
 */
export async function recordScan(
  services: AppServices,
  scene: string,
  openid: string,
  reportedBy: ScanReport,
): Promise<boolean> {
  if (!scene.startsWith(SCENE_PREFIX) || !openid) return false;
  const code = scene.slice(SCENE_PREFIX.length);
  const entry = await readEntry(services, code);
  if (!entry || entry.openid) return false;
  const ticket = reportedBy === 'development-page' ? undefined : reportedBy.ticket;
  if (entry.ticket !== ticket) return false;
  // Two scans at once: only the first to claim the code records its account.
  if (!(await services.store.setIfAbsent(`${keyOf(code)}:scanned`, '1', SCAN_LOGIN_TTL_SECONDS)))
    return false;
  await services.store.set(
    keyOf(code),
    JSON.stringify({ ticket, openid } satisfies ScanEntry),
    SCAN_LOGIN_TTL_SECONDS,
  );
  return true;
}

/**
 * `GET …/wechat/scan/query`: -1 until scanned; then a token for a bound WeChat account (the
 * code is spent), or `bind_mobile` when the account is new and the site wants a mobile, or a new
 * WeChat-only member when it does not.
 */
export async function queryScanLogin(
  services: AppServices,
  code: string,
  client: ClientInfo,
): Promise<WechatScanResult> {
  const entry = await readEntry(services, code);
  if (!entry?.openid) return { success: -1 };
  const user = scannedUser(entry.openid);
  const bound = await findBoundMember(services.db, 'wechat', user);
  const settings = await services.settings.snapshot();
  if (!bound && settings.int('member.enabled_mobile_bind_alert') === 1)
    return { success: 0, action: 'bind_mobile', code };
  // Two polls at once: only the one that spends the code logs in.
  if ((await services.store.take(keyOf(code))) === null) return { success: -1 };
  if (bound) {
    if (bound.isLock === 1) throw new BusinessError(LOCKED_MESSAGE);
    return { success: 1, token: await issueLoginToken(services, bound.userId, client) };
  }
  const userId = await services.db.transaction().execute((trx) =>
    registerSocialMember(trx, settings, {
      app: 'wechat',
      user,
      registerIp: client.ip,
      now: services.now(),
    }),
  );
  if (settings.int('member.is_lock_default') === 1) throw new BusinessError(LOCKED_MESSAGE);
  return { success: 1, token: await issueLoginToken(services, userId, client) };
}

/** `POST /api/v3/auth/register/withWechatScan`: the scanned account joins an SMS-verified mobile. */
export async function registerWithScan(
  services: AppServices,
  body: z.output<typeof registerWithSocialiteBody>,
  client: ClientInfo,
): Promise<{ token: string }> {
  const entry = await readEntry(services, body.code);
  if (!entry?.openid) throw new BusinessError(SCAN_EXPIRED_MESSAGE);
  await services.smsCodes.verify(body.mobile, body.mobile_code, ['mobile_bind']);
  if ((await services.store.take(keyOf(body.code))) === null) throw new BusinessError(SCAN_EXPIRED_MESSAGE);
  const user = scannedUser(entry.openid);
  return { token: await joinOrRegisterByMobile(services, 'wechat', user, body.mobile, client) };
}
