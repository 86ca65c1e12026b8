/** What the server asks a gateway to collect. Amounts are cents here: the vendors' unit. */
export interface PaymentRequest {
  outTradeNo: string;
  subject: string;
  amountCents: number;
  /** Where the gateway posts its server-to-server notification. */
  notifyUrl: string;
  /** Where the member's browser returns after paying (h5 `/order/success`). */
  returnUrl: string;
  /** Where the browser goes when the member gives up. */
  quitUrl: string;
  /** The gateway refuses payment after this (our order expiry), so no money arrives for a cancelled order. */
  expiresAt: Date;
  clientIp: string;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/**
 * A gateway notification after verification. `paid`: the signature holds and the vendor says
 * the money was collected. `ignored`: authentic but not a payment (e.g. a closed trade).
 * `invalid`: forged, for another merchant, or unreadable — must change nothing.
 */
export type VerifiedNotification =
  | { kind: 'paid'; outTradeNo: string; tradeNo: string; amountCents: number }
  | { kind: 'ignored'; outTradeNo: string; reason: string }
  /** `forged`: no valid signature of the gateway, so nothing about it is trustworthy or worth keeping. */
  | { kind: 'invalid'; reason: string; forged?: true };

export interface GatewayReply {
  status: number;
  contentType: string;
  body: string;
}

/** A gateway that confirms payments by calling us back. */
export interface NotifyingGateway {
  readonly source: string;
  verifyNotification(notification: IncomingNotification, now: Date): VerifiedNotification;
  reply(accepted: boolean): GatewayReply;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** `yyyy-MM-dd HH:mm:ss` in China time (Alipay timestamps). */
export function chinaDateTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** RFC 3339 with the +08:00 offset (WeChat Pay `time_expire`). */
export function chinaRfc3339(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function headerValue(headers: IncomingNotification['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** What the server asks a gateway to give back. Cents, like `PaymentRequest`. */
export interface RefundRequest {
  outTradeNo: string;
  /** The gateway's trade number of the payment (when known). */
  tradeNo: string;
  /** Our refund number: the gateway refunds once per number, however often it is sent. */
  outRefundNo: string;
  refundCents: number;
  /** What the order collected. */
  totalCents: number;
  reason: string;
  /** Where the gateway posts the refund's outcome when it is not immediate (WeChat Pay). */
  notifyUrl: string;
}

/**
 * The gateway's verified answer to a refund request: done, accepted and still under way (the
 * outcome arrives as a notification), or refused. A `GatewayError` instead means the outcome is
 * unknown (unreachable, unsigned answer): the refund must stay open, never be assumed failed.
 */
export type RefundAnswer =
  | { status: 'succeeded'; gatewayRefundNo: string }
  | { status: 'processing'; gatewayRefundNo: string }
  | { status: 'failed'; reason: string };

export interface RefundingGateway {
  readonly source: string;
  refund(request: RefundRequest, now: Date): Promise<RefundAnswer>;
}
