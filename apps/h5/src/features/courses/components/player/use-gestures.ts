import { useRef, type PointerEvent } from 'react';

/** Two taps closer than this are a double tap (play / pause). */
export const DOUBLE_TAP_MS = 300;
/** A finger moving further than this sideways seeks instead of tapping. */
export const SWIPE_START_PX = 16;
/** A swipe across the whole player moves this many seconds. */
export const SWIPE_FULL_WIDTH_SECONDS = 90;

export interface GestureHandlers {
  /** A single tap or click; `pointerType` tells a mouse from a finger. */
  onTap: (pointerType: string) => void;
  onDoubleTap: (pointerType: string) => void;
  /** While swiping: the seconds the swipe would move, or null when it was given up. */
  onSwipe: (seconds: number | null) => void;
  onSwipeEnd: (seconds: number) => void;
}

interface Press {
  id: number;
  x: number;
  y: number;
  width: number;
  swiping: boolean;
}

/** Taps, double taps and sideways swipes on the picture, from pointer events. */
export function useGestures(handlers: GestureHandlers) {
  const press = useRef<Press | null>(null);
  const lastTapAt = useRef(0);

  const swipeSeconds = (p: Press, x: number) =>
    Math.round(((x - p.x) / Math.max(1, p.width)) * SWIPE_FULL_WIDTH_SECONDS);

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      const width = event.currentTarget.getBoundingClientRect().width;
      press.current = { id: event.pointerId, x: event.clientX, y: event.clientY, width, swiping: false };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const p = press.current;
      if (!p || p.id !== event.pointerId) return;
      const dx = event.clientX - p.x;
      const dy = event.clientY - p.y;
      if (!p.swiping && Math.abs(dx) > SWIPE_START_PX && Math.abs(dx) > Math.abs(dy)) p.swiping = true;
      if (p.swiping) handlers.onSwipe(swipeSeconds(p, event.clientX));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const p = press.current;
      press.current = null;
      if (!p || p.id !== event.pointerId) return;
      if (p.swiping) {
        lastTapAt.current = 0;
        handlers.onSwipeEnd(swipeSeconds(p, event.clientX));
        return;
      }
      const now = Date.now();
      if (now - lastTapAt.current < DOUBLE_TAP_MS) {
        lastTapAt.current = 0;
        handlers.onDoubleTap(event.pointerType);
      } else {
        lastTapAt.current = now;
        handlers.onTap(event.pointerType);
      }
    },
    onPointerCancel: () => {
      if (press.current?.swiping) handlers.onSwipe(null);
      press.current = null;
    },
  };
}
