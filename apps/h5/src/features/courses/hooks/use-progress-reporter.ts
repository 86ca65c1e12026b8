import { useEffect, useRef } from 'react';
import { recordVideo } from '../api/record-video';

export const PROGRESS_INTERVAL_MS = 10_000;

/**
 * Saves the playback position of `video`: every 10 s while it plays, on pause, at the end, when
 * the page is hidden or left (a keepalive request that survives the unload) and when the player
 * goes away. Only whole seconds beyond the last saved one are sent; the server keeps the furthest.
 */
export function useProgressReporter(video: HTMLVideoElement | null, videoId: number, alreadySaved: number) {
  const lastSaved = useRef(Math.floor(alreadySaved));

  useEffect(() => {
    if (!video) return;
    const report = (seconds: number, keepalive = false) => {
      const position = Math.floor(seconds);
      if (!Number.isFinite(position) || position < 1 || position <= lastSaved.current) return;
      const previous = lastSaved.current;
      lastSaved.current = position;
      recordVideo(videoId, { duration: position }, { quiet: true, keepalive }).catch(() => {
        if (lastSaved.current === position) lastSaved.current = previous;
      });
    };
    const now = (keepalive = false) => report(video.currentTime, keepalive);
    const onEnded = () =>
      report(
        Number.isFinite(video.duration) && video.duration > 0 ? Math.ceil(video.duration) : video.currentTime,
      );
    const onPause = () => {
      if (!video.ended) now();
    };
    const onHide = () => now(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') now(true);
    };

    const timer = window.setInterval(() => {
      if (!video.paused) now();
    }, PROGRESS_INTERVAL_MS);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      now(true);
    };
  }, [video, videoId]);
}
