import type { CSSProperties } from 'react';
import '../layout/layout.css';

/**
 * A spinning ring in the brand colour, drawn with CSS only (antd-mobile's SpinLoading brings an
 * animation library of about 17 KB gzipped into the page that shows it).
 */
export function Spinner({ size = 36, label }: { size?: number; label?: string }) {
  const style = {
    width: size,
    height: size,
    borderWidth: Math.max(2, Math.round(size / 12)),
  } as CSSProperties;
  return label ? (
    <span className="kz-spinner" style={style} role="status" aria-label={label} />
  ) : (
    <span className="kz-spinner" style={style} aria-hidden="true" />
  );
}
