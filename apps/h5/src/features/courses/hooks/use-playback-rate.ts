import { useCallback, useState } from 'react';

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export const PLAYBACK_RATE_KEY = 'kezhan-playback-rate';

function readRate(): number {
  try {
    const value = Number(localStorage.getItem(PLAYBACK_RATE_KEY));
    return (PLAYBACK_RATES as readonly number[]).includes(value) ? value : 1;
  } catch {
    return 1;
  }
}

/** The playback speed, remembered across videos and visits. */
export function usePlaybackRate(): [number, (rate: number) => void] {
  const [rate, setRate] = useState(readRate);
  const choose = useCallback((next: number) => {
    if (!(PLAYBACK_RATES as readonly number[]).includes(next)) return;
    setRate(next);
    try {
      localStorage.setItem(PLAYBACK_RATE_KEY, String(next));
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }, []);
  return [rate, choose];
}
