import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a restartable one-second countdown; 0 when idle. Each instance has its own timer. */
export function useCountdown(total: number) {
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    setSeconds(total);
    timer.current = window.setInterval(() => {
      setSeconds((s) => {
        if (s <= 1) {
          stop();
          return 0;
        }
        return s - 1;
      });
    }, 1000);
  }, [stop, total]);

  useEffect(() => stop, [stop]);

  return { seconds, start };
}
