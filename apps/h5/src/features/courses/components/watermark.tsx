import { type RefObject, useEffect, useState } from 'react';

export const WATERMARK_MOVE_MS = 5000;

export interface WatermarkProps {
  text: string;
  size: number;
  color: string;
  opacity: number;
  /** The player box the mark wanders in. */
  areaRef: RefObject<HTMLElement | null>;
}

function randomSpot(area: HTMLElement | null, size: number): { top: number; left: number } {
  const width = area?.clientWidth || 375;
  const height = area?.clientHeight || 211;
  const top = 35 + Math.random() * Math.max(0, height - 35 - size - 8);
  const left = Math.random() * Math.max(0, width - 150);
  return { top: Math.round(top), left: Math.round(left) };
}

/** The moving anti-piracy mark (the member's mobile or id), jumping to a new random spot every 5 s. */
export function Watermark({ text, size, color, opacity, areaRef }: WatermarkProps) {
  const [spot, setSpot] = useState(() => randomSpot(null, size));

  useEffect(() => {
    setSpot(randomSpot(areaRef.current, size));
    const timer = window.setInterval(() => setSpot(randomSpot(areaRef.current, size)), WATERMARK_MOVE_MS);
    return () => window.clearInterval(timer);
  }, [areaRef, size]);

  if (!text) return null;
  return (
    <div
      className="kz-watermark"
      data-testid="watermark"
      aria-hidden="true"
      style={{ top: spot.top, left: spot.left, fontSize: size, color, opacity }}
    >
      {text}
    </div>
  );
}
