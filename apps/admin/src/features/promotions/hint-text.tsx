import type { ReactNode } from 'react';

/** Secondary text darker than antd's description grey, so it keeps 4.5:1 contrast on white. */
export function HintText({ children }: { children: ReactNode }) {
  return <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{children}</span>;
}
