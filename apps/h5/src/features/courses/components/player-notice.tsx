import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What takes the player's place when a trial or a lesson ends: the message is announced, and a
 * keyboard or screen-reader user whose focus was on the (now gone) player lands on its first action.
 */
export function PlayerNotice({ text, children }: { text: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div className="kz-player-box" ref={box}>
      <p role="status">{text}</p>
      <div className="kz-player-box-actions">{children}</div>
    </div>
  );
}
