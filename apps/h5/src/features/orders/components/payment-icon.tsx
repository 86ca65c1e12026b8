import type { ReactNode, SVGProps } from 'react';

/** A 24px rounded square in the gateway's brand colour with a white glyph on top. */
function PaymentIconTile({ background, children }: { background: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden="true">
      <rect width="24" height="24" rx="6" fill={background} />
      {children}
    </svg>
  );
}

/** An unfilled white line glyph drawn on the tile. */
function WhiteStroke(props: SVGProps<SVGPathElement>) {
  return <path fill="none" stroke="#fff" {...props} />;
}

/** Brand-coloured glyphs per gateway sign (the server's icon URLs are optional artwork). */
export function PaymentIcon({ sign }: { sign: string }) {
  if (sign === 'alipay')
    return (
      <PaymentIconTile background="#1677ff">
        <WhiteStroke
          d="M6 8.5h12M12 6v2.5M8 11h8c-.8 3.6-4 6.3-8.5 6.8M10 12.5c1.5 2.4 4.3 4 8 4.8"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </PaymentIconTile>
    );
  if (sign === 'wechat-jsapi' || sign === 'wechat_h5')
    return (
      <PaymentIconTile background="#07c160">
        <ellipse cx="10" cy="10.5" rx="5" ry="4.2" fill="#fff" />
        <ellipse cx="14.8" cy="14" rx="4.2" ry="3.5" fill="#fff" stroke="#07c160" strokeWidth="1" />
      </PaymentIconTile>
    );
  if (sign === 'handPay')
    return (
      <PaymentIconTile background="#fa8c16">
        <WhiteStroke
          d="M7 13V9.5a1 1 0 0 1 2 0V12m0-3.5V7.5a1 1 0 0 1 2 0V12m0-4a1 1 0 0 1 2 0V12m0-2.5a1 1 0 0 1 2 0v4c0 2.5-1.8 4.5-4.5 4.5-2 0-3-1-4.5-3L6.3 14"
          strokeWidth="1.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </PaymentIconTile>
    );
  return (
    <PaymentIconTile background="#722ed1">
      <WhiteStroke
        d="M9 5.5h6M10 5.5v5l-4 7a1 1 0 0 0 .9 1.5h10.2a1 1 0 0 0 .9-1.5l-4-7v-5"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </PaymentIconTile>
  );
}
