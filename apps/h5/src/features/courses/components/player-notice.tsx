import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What takes the player's place (at its size, so the page does not move) when a trial or a lesson
 * ends: the message is announced, and a keyboard or screen-reader user whose focus was on the (now
 * gone) player lands on its first action.
 */
export function PlayerNotice({
  text,
  detail,
  children,
}: {
  text: string;
  /** A second line, e.g. the next lesson's title. */
  detail?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div className="kz-player-wrap">
      <div className="kz-player-box" ref={box}>
        <p role="status">{text}</p>
        {detail ? <p className="kz-player-box-detail">{detail}</p> : null}
        <div className="kz-player-box-actions">{children}</div>
      </div>
    </div>
  );
}
