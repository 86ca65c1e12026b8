import { renderSVG } from 'uqr';
import { WechatApiError, type WechatMpClient } from './mp-client';

/** How long a login QR code (and the scan waiting for it) lives. */
export const SCAN_LOGIN_TTL_SECONDS = 600;

/** A login QR code: the picture's address and, for the official account's, WeChat's ticket of it. */
export interface ScanQrCode {
  image: string;
  /** WeChat names it in the scan's push (`<Ticket>`); null for the development page. */
  ticket: string | null;
}

/** Where a login QR code comes from: the official account, or the development stand-in. */
export interface WechatScanProvider {
  readonly configured: boolean;
  /** A QR code that, scanned in WeChat, reports `scene` back to us. */
  qrCode(scene: string): Promise<ScanQrCode>;
}

/**
 * A temporary QR code with a string scene (`/cgi-bin/qrcode/create`, `QR_STR_SCENE`): scanning it
 * follows the official account, and WeChat pushes a `subscribe` or `SCAN` event carrying the scene
 * to our server address (`/api/wechat/serve`).
 */
export class OfficialAccountScanProvider implements WechatScanProvider {
  constructor(private readonly client: WechatMpClient) {}

  get configured(): boolean {
    return this.client.configured;
  }

  async qrCode(scene: string): Promise<ScanQrCode> {
    const answer = await this.client.post('/cgi-bin/qrcode/create', {
      expire_seconds: SCAN_LOGIN_TTL_SECONDS,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: scene } },
    });
    if (typeof answer.ticket !== 'string' || !answer.ticket)
      throw new WechatApiError(`QR code refused: ${String(answer.errcode)} ${String(answer.errmsg)}`);
    return {
      image: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(answer.ticket)}`,
      ticket: answer.ticket,
    };
  }
}

/** Development: the QR code opens our 模拟微信扫码 page, which plays WeChat's part. */
export class DevScanProvider implements WechatScanProvider {
  readonly configured = true;

  constructor(private readonly appUrl: string) {}

  async qrCode(scene: string): Promise<ScanQrCode> {
    const page = `${this.appUrl}/api/v3/dev/wechat-scan?code=${encodeURIComponent(scene)}`;
    return {
      image: `data:image/svg+xml;base64,${Buffer.from(renderSVG(page)).toString('base64')}`,
      ticket: null,
    };
  }
}
