import type { PlayUrl } from '@kezhan/contract/courses';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PLAYBACK_RATES, usePlaybackRate } from '../hooks/use-playback-rate';
import { useProgressReporter } from '../hooks/use-progress-reporter';
import { attachSource } from '../utils/media-source';
import { durationText } from '../utils/outline';
import { Watermark, type WatermarkProps } from './watermark';

export const RESUME_BADGE_MS = 5000;

export interface VideoPlayerProps {
  videoId: number;
  sources: PlayUrl[];
  poster?: string;
  /** Seconds already watched: playback resumes there (unless the video was finished). */
  resumeAt: number;
  /** > 0: a trial; playback stops at this second. */
  trialSeconds: number;
  /** Seeking forward past what was watched is not allowed. */
  banDrag: boolean;
  watermark: Omit<WatermarkProps, 'areaRef'> | null;
  onEnded: () => void;
  onTrialEnd: () => void;
  onBuy: () => void;
  /**
   * Asks playinfo again. Protected videos play from signed addresses that expire (10 min by
   * default): when the stream fails, fresh addresses are fetched and playback resumes in place.
   */
  refreshSources?: () => Promise<PlayUrl[]>;
}

type OrientationLock = { lock?: (o: string) => Promise<void>; unlock?: () => void };

async function lockLandscape() {
  try {
    await (screen.orientation as unknown as OrientationLock | undefined)?.lock?.('landscape');
  } catch {
    /* not allowed outside fullscreen or on this browser */
  }
}
function unlockOrientation() {
  try {
    (screen.orientation as unknown as OrientationLock | undefined)?.unlock?.();
  } catch {
    /* nothing to undo */
  }
}

/**
 * `<video playsinline>` with HLS where needed, resume, trial stop, no-skip-ahead, remembered
 * speed, quality switch, fullscreen of the whole box (so the watermark stays) turning landscape.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const {
    videoId,
    sources,
    poster,
    resumeAt,
    trialSeconds,
    banDrag,
    watermark,
    onEnded,
    onTrialEnd,
    onBuy,
    refreshSources,
  } = props;
  const box = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [quality, setQuality] = useState(0);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState(sources);
  const refreshedAt = useRef(0);
  const quietRestore = useRef(false);
  const [attempt, setAttempt] = useState(0);
  const [resumed, setResumed] = useState<number | null>(null);
  const [awaitingPlay, setAwaitingPlay] = useState(false);
  const [rate, setRate] = usePlaybackRate();
  const rateRef = useRef(rate);
  rateRef.current = rate;
  const restoreTo = useRef<number | null>(resumeAt > 0 ? resumeAt : null);
  const maxReached = useRef(Math.max(0, resumeAt));
  const trialDone = useRef(false);
  const callbacks = useRef({ onEnded, onTrialEnd });
  callbacks.current = { onEnded, onTrialEnd };

  useProgressReporter(video, videoId, resumeAt);

  useEffect(() => setCurrent(sources), [sources]);

  /** Fresh signed addresses, resuming where the viewer was; at most once in 10 s unless asked. */
  const recover = useCallback(
    (asked = false) => {
      if (!refreshSources || (!asked && Date.now() - refreshedAt.current < 10_000)) {
        setFailed(true);
        return;
      }
      refreshedAt.current = Date.now();
      if (video && video.currentTime > 0) {
        restoreTo.current = video.currentTime;
        quietRestore.current = true;
      }
      refreshSources().then(
        (fresh) => {
          if (fresh.length === 0) setFailed(true);
          else {
            setCurrent(fresh);
            setAttempt((a) => a + 1);
          }
        },
        () => setFailed(true),
      );
    },
    [refreshSources, video],
  );

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    let detach: (() => void) | null = null;
    setFailed(false);
    const source = current[quality] ?? current[0];
    if (!source) return;
    void attachSource(video, source, () => recover())
      .then((attached) => {
        if (cancelled) attached.destroy();
        else {
          detach = attached.destroy;
          video.dataset.source = attached.mode;
          if (attached.waitsForPlay && video.paused) setAwaitingPlay(true);
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [video, current, quality, attempt, recover]);

  useEffect(() => {
    if (video) video.playbackRate = rate;
  }, [video, rate]);

  useEffect(() => {
    if (!video) return;
    const onMeta = () => {
      video.playbackRate = rateRef.current;
      const target = restoreTo.current;
      restoreTo.current = null;
      if (target === null || target <= 0) return;
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      if (duration && target >= duration - 3) return;
      video.currentTime = target;
      if (!trialSeconds && !quietRestore.current) setResumed(target);
      quietRestore.current = false;
    };
    const onTime = () => {
      if (!video.seeking) maxReached.current = Math.max(maxReached.current, video.currentTime);
      if (trialSeconds > 0 && video.currentTime >= trialSeconds && !trialDone.current) {
        trialDone.current = true;
        video.pause();
        callbacks.current.onTrialEnd();
      }
    };
    const onSeeking = () => {
      if (banDrag && video.currentTime > maxReached.current + 2) video.currentTime = maxReached.current;
    };
    const onEnd = () => {
      if (trialSeconds > 0) {
        if (!trialDone.current) {
          trialDone.current = true;
          callbacks.current.onTrialEnd();
        }
        return;
      }
      callbacks.current.onEnded();
    };
    const onError = () => recover();
    const onPlay = () => setAwaitingPlay(false);
    video.addEventListener('play', onPlay);
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('ended', onEnd);
    video.addEventListener('error', onError);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('ended', onEnd);
      video.removeEventListener('error', onError);
    };
  }, [video, trialSeconds, banDrag, recover]);

  useEffect(() => {
    if (resumed === null) return;
    const timer = window.setTimeout(() => setResumed(null), RESUME_BADGE_MS);
    return () => window.clearTimeout(timer);
  }, [resumed]);

  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) void lockLandscape();
      else unlockOrientation();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      unlockOrientation();
    };
  }, []);

  const fullscreen = useCallback(async () => {
    const el = box.current;
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => {});
      return;
    }
    if (el?.requestFullscreen) {
      try {
        await el.requestFullscreen({ navigationUI: 'hide' });
        await lockLandscape();
        return;
      } catch {
        /* fall through to the video's own fullscreen (iPhone) */
      }
    }
    (video as unknown as { webkitEnterFullscreen?: () => void } | null)?.webkitEnterFullscreen?.();
  }, [video]);

  /**
   * Keyboard playback on the focused player: K play-pause, ←/→ 5 s, F fullscreen. Space is left to
   * the browser's own controls, which already toggle with it (handling it here would toggle twice).
   */
  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    if (!video || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    // Until the stream is loaded the browser's controls are hidden and Space is ours.
    if (key === 'k' || (key === ' ' && awaitingPlay)) {
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
    } else if (key === 'arrowright' || key === 'arrowleft') {
      const step = key === 'arrowright' ? 5 : -5;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.min(end, Math.max(0, video.currentTime + step));
    } else if (key === 'f') {
      void fullscreen();
    } else {
      return;
    }
    event.preventDefault();
  };

  const switchQuality = (index: number) => {
    if (!video || index === quality) return;
    restoreTo.current = video.currentTime;
    setQuality(index);
  };

  return (
    <div className="kz-player-wrap">
      <div className="kz-player" ref={box}>
        {/* Lessons carry no caption tracks: the catalogue has no subtitles to offer. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={setVideo}
          className="kz-player-video"
          controls={!awaitingPlay}
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          preload="metadata"
          poster={poster || undefined}
          controlsList="nodownload nofullscreen"
          disablePictureInPicture
          aria-label="视频播放器"
          aria-keyshortcuts="Space K ArrowLeft ArrowRight F"
          tabIndex={0}
          onKeyDown={onKeyDown}
        />
        {awaitingPlay ? (
          <button
            type="button"
            className="kz-player-start"
            aria-label="播放"
            onClick={() => void video?.play().catch(() => undefined)}
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </button>
        ) : null}
        {watermark ? <Watermark {...watermark} areaRef={box} /> : null}
        {resumed !== null ? (
          <div className="kz-resume-badge" role="status">
            上次看到 {durationText(resumed)}，已为您续播
            <button
              type="button"
              onClick={() => {
                if (video) video.currentTime = 0;
                setResumed(null);
              }}
            >
              从头播放
            </button>
          </div>
        ) : null}
        {failed ? (
          <div className="kz-player-message" role="alert">
            <p>视频加载失败，请稍后重试</p>
            <button
              type="button"
              onClick={() => {
                setFailed(false);
                if (refreshSources) recover(true);
                else setAttempt((a) => a + 1);
              }}
            >
              重新加载
            </button>
          </div>
        ) : null}
      </div>
      <div className="kz-player-controls">
        <label>
          倍速
          <select value={String(rate)} onChange={(e) => setRate(Number(e.target.value))}>
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r === 1 ? '1.0x' : `${r}x`}
              </option>
            ))}
          </select>
        </label>
        {current.length > 1 ? (
          <label>
            清晰度
            <select value={String(quality)} onChange={(e) => switchQuality(Number(e.target.value))}>
              {current.map((s, i) => (
                <option key={i} value={String(i)}>
                  {s.name || `线路${i + 1}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="kz-player-fullscreen" onClick={() => void fullscreen()}>
          全屏
        </button>
      </div>
      {trialSeconds > 0 ? (
        <div className="kz-trial-tip">
          <span>您正在观看试看内容，购买课程后可观看完整内容</span>
          <button type="button" onClick={onBuy}>
            购买课程
          </button>
        </div>
      ) : null}
    </div>
  );
}
