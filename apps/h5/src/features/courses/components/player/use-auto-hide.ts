import { useCallback, useEffect, useState } from 'react';

/** While the lesson plays, the controls go away this long after the last touch or key. */
export const CONTROLS_HIDE_MS = 3000;

/**
 * Whether the overlay controls are shown: always while paused (or `hold`, a panel is open), and
 * while playing until `CONTROLS_HIDE_MS` after the last `show()`.
 */
export function useAutoHide(playing: boolean, hold: boolean) {
  const [visible, setVisible] = useState(true);
  const [touchedAt, setTouchedAt] = useState(0);

  const show = useCallback(() => {
    setVisible(true);
    setTouchedAt((n) => n + 1);
  }, []);
  const hide = useCallback(() => setVisible(false), []);
  // While paused the controls stay: a tap then only restarts the clock for when play resumes.
  const toggle = useCallback(() => (playing && visible ? hide() : show()), [playing, visible, hide, show]);

  useEffect(() => {
    if (!playing || hold || !visible) return;
    const timer = window.setTimeout(hide, CONTROLS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [playing, hold, visible, touchedAt, hide]);

  return { visible: visible || !playing || hold, show, hide, toggle };
}
