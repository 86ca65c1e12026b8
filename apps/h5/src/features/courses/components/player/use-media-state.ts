import { useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  /** The picture is moving (a `playing` event came after the last play, wait or seek). */
  playing: boolean;
  /** Play was asked for and the stream cannot play yet (loading, buffering, seeking while playing). */
  loading: boolean;
  /** The picture has moved at least once (the first frame is on screen). */
  moved: boolean;
  /** Played at least once: before that the big 播放 button stands for the whole player. */
  started: boolean;
  currentTime: number;
  duration: number;
  /** End of the buffered range that holds the current position (seconds). */
  bufferedEnd: number;
}

const INITIAL: MediaState = {
  paused: true,
  playing: false,
  loading: false,
  started: false,
  moved: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
};

function bufferedEndAt(video: HTMLVideoElement): number {
  const ranges = video.buffered;
  if (!ranges) return 0;
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= video.currentTime + 0.5 && video.currentTime <= ranges.end(i))
      return ranges.end(i);
  }
  return 0;
}

const HAVE_FUTURE_DATA = 3;

const finite = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** What the controls show, read from the element's media events. */
export function useMediaState(video: HTMLVideoElement | null): MediaState {
  const [state, setState] = useState(INITIAL);

  useEffect(() => {
    if (!video) return;
    const read = (patch: Partial<MediaState> = {}) =>
      setState((previous) => {
        const next: MediaState = {
          ...previous,
          paused: video.paused,
          currentTime: video.currentTime || 0,
          duration: finite(video.duration),
          bufferedEnd: bufferedEndAt(video),
          ...patch,
        };
        if (next.paused) {
          next.playing = false;
          next.loading = false;
        }
        const same = (Object.keys(next) as (keyof MediaState)[]).every((k) => next[k] === previous[k]);
        return same ? previous : next;
      });
    // Enough data ahead while not paused: the picture moves (a seek inside the buffer sends no `playing`).
    const moving = (): Partial<MediaState> =>
      !video.paused && video.readyState >= HAVE_FUTURE_DATA
        ? { loading: false, playing: true, moved: true }
        : {};
    const handlers: Record<string, () => void> = {
      play: () => read({ started: true, loading: true, playing: false }),
      playing: () => read({ playing: true, loading: false, moved: true }),
      waiting: () => read({ loading: true, playing: false }),
      seeking: () => read(video.paused ? {} : { loading: true, playing: false }),
      seeked: () => read(moving()),
      canplay: () => read(moving()),
      pause: () => read(),
      ended: () => read(),
      timeupdate: () => read(moving()),
      durationchange: () => read(),
      loadedmetadata: () => read(),
      progress: () => read(),
      emptied: () => read(),
    };
    for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
    read();
    return () => {
      for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
    };
  }, [video]);

  return state;
}
