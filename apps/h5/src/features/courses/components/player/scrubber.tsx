import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { durationText } from '../../utils/outline';

/** ←/→ on the focused scrubber (and the player) move this many seconds. */
export const SEEK_STEP_SECONDS = 5;

export interface ScrubberProps {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  /** Asked with the chosen second; the player decides how far it may go. */
  onSeek: (seconds: number) => void;
  /** Called while dragging so the controls stay. */
  onActive: () => void;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
const percent = (part: number, whole: number) => `${whole > 0 ? clamp(part / whole, 1) * 100 : 0}%`;

/**
 * The progress bar: played and buffered ranges, dragged with a finger or mouse (a tooltip shows
 * the second under it, a mouse shows it on hover too) and moved with the arrow keys.
 */
export function Scrubber({ currentTime, duration, bufferedEnd, onSeek, onActive }: ScrubberProps) {
  const track = useRef<HTMLDivElement>(null);
  const [dragAt, setDragAt] = useState<number | null>(null);
  const [hoverAt, setHoverAt] = useState<number | null>(null);
  const dragging = useRef(false);

  const secondsAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || duration <= 0) return 0;
    return clamp(((clientX - rect.left) / rect.width) * duration, duration);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0 || event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragAt(secondsAt(event.clientX));
    onActive();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) {
      setDragAt(secondsAt(event.clientX));
      onActive();
    } else if (event.pointerType === 'mouse') setHoverAt(secondsAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    setDragAt(null);
    onSeek(secondsAt(event.clientX));
  };
  const onPointerCancel = () => {
    dragging.current = false;
    setDragAt(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: currentTime + SEEK_STEP_SECONDS,
      ArrowUp: currentTime + SEEK_STEP_SECONDS,
      ArrowLeft: currentTime - SEEK_STEP_SECONDS,
      ArrowDown: currentTime - SEEK_STEP_SECONDS,
      Home: 0,
    };
    if (!(event.key in moves) || duration <= 0) return;
    event.preventDefault();
    onSeek(clamp(moves[event.key], duration));
  };

  const shown = dragAt ?? currentTime;
  const tip = dragAt ?? hoverAt;
  return (
    <div
      className="kz-scrubber"
      role="slider"
      tabIndex={0}
      aria-label="播放进度"
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(clamp(shown, duration))}
      aria-valuetext={`${durationText(shown)} / ${durationText(duration)}`}
      aria-disabled={duration <= 0 || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onPointerLeave={() => setHoverAt(null)}
      onKeyDown={onKeyDown}
    >
      <div className="kz-scrubber-track" ref={track}>
        <div className="kz-scrubber-buffered" style={{ width: percent(bufferedEnd, duration) }} />
        <div className="kz-scrubber-played" style={{ width: percent(shown, duration) }} />
        <div className="kz-scrubber-thumb" style={{ left: percent(shown, duration) }} />
        {tip !== null ? (
          <div className="kz-scrubber-tip" style={{ left: percent(tip, duration) }} aria-hidden="true">
            {durationText(tip)}
          </div>
        ) : null}
      </div>
    </div>
  );
}
