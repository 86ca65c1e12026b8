import { randomBytes } from 'node:crypto';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import type { PaymentRequest, RefundAnswer, RefundingGateway, VerifiedNotification } from './payment-gateway';

export interface SandboxSession {
  outTradeNo: string;
  subject: string;
  amountCents: number;
  returnUrl: string;
  quitUrl: string;
}

const KEY = (id: string) => `pay-sandbox:${id}`;

/**
 * Development and demo gateway (模拟支付): our own cashier page where the tester clicks
 * 支付成功 or 取消. Its "notification" is the single-use session it issued, taken atomically from
 * the store, so a replay or a double click confirms nothing twice. Never built in production.
 */
export class SandboxGateway implements RefundingGateway {
  readonly source = 'sandbox';

  constructor(private readonly store: EphemeralStore) {}

  /** Opens a cashier session; returns its id (part of the page address). */
  async start(request: PaymentRequest, now: Date): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const session: SandboxSession = {
      outTradeNo: request.outTradeNo,
      subject: request.subject,
      amountCents: request.amountCents,
      returnUrl: request.returnUrl,
      quitUrl: request.quitUrl,
    };
    const ttl = Math.max(
      60,
      Math.min(3600, Math.floor((request.expiresAt.getTime() - now.getTime()) / 1000)),
    );
    await this.store.set(KEY(id), JSON.stringify(session), ttl);
    return id;
  }

  async peek(id: string): Promise<SandboxSession | null> {
    if (!/^[\w-]{32}$/.test(id)) return null;
    const stored = await this.store.get(KEY(id));
    return stored ? (JSON.parse(stored) as SandboxSession) : null;
  }

  /** Ends the session; `pay` turns it into a verified payment notification. */
  async finish(
    id: string,
    action: 'pay' | 'cancel',
  ): Promise<{ session: SandboxSession; notification: VerifiedNotification } | null> {
    if (!/^[\w-]{32}$/.test(id)) return null;
    const stored = await this.store.take(KEY(id));
    if (!stored) return null;
    const session = JSON.parse(stored) as SandboxSession;
    const notification: VerifiedNotification =
      action === 'pay'
        ? {
            kind: 'paid',
            outTradeNo: session.outTradeNo,
            tradeNo: `SANDBOX-${randomBytes(8).toString('hex')}`,
            amountCents: session.amountCents,
          }
        : { kind: 'ignored', outTradeNo: session.outTradeNo, reason: 'cancelled by the tester' };
    return { session, notification };
  }

  /** A sandbox refund succeeds at once: there is no money to return. */
  refund(): Promise<RefundAnswer> {
    return Promise.resolve({
      status: 'succeeded',
      gatewayRefundNo: `SANDBOX-R-${randomBytes(8).toString('hex')}`,
    });
  }
}
