import type { PlayUrl } from '@kezhan/contract/courses';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import { PLAYBACK_RATES, usePlaybackRate } from '../hooks/use-playback-rate';
import { useProgressReporter } from '../hooks/use-progress-reporter';
import { attachSource } from '../utils/media-source';
import { durationText } from '../utils/outline';
import { TrialTip } from './trial-tip';
import { ChoicePanel } from './player/choice-panel';
import { PlayerControls } from './player/player-controls';
import { SEEK_STEP_SECONDS } from './player/scrubber';
import { useAutoHide } from './player/use-auto-hide';
import { DOUBLE_TAP_MS, useGestures } from './player/use-gestures';
import { useMediaState } from './player/use-media-state';
import { Watermark, type WatermarkProps } from './watermark';
import './player/player.css';

export const RESUME_BADGE_MS = 5000;
/** How long a refused seek says why. */
export const HINT_MS = 2500;
export const BAN_DRAG_HINT = '禁止拖动到未观看的位置';
export const trialHint = (seconds: number) => `试看到 ${durationText(seconds)}，购买后观看完整内容`;

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
  /** The member already asked to play (on the player's place while it loaded). */
  autoStart?: boolean;
  onEnded: () => void;
  onTrialEnd: () => void;
  onBuy: () => void;
  /** Told when the picture starts moving and when playback stops (the catalogue's 播放中). */
  onPlayingChange?: (playing: boolean) => void;
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

const RATE_OPTIONS = [...PLAYBACK_RATES].reverse().map((value) => ({ value, text: rateText(value) }));
function rateText(rate: number) {
  return rate === 1 ? '1.0x' : `${rate}x`;
}

const isTextField = (target: HTMLElement) =>
  !!target.closest?.('input, textarea, select, [contenteditable="true"], [contenteditable=""]');

/**
 * `<video playsinline>` with HLS where needed and our own controls over the picture (no browser
 * controls): tap to show or hide them, double tap to pause, swipe sideways to seek, a scrubber
 * that respects 禁止拖动 and the trial's end, remembered speed, quality, fullscreen of the whole
 * box (so the watermark stays) turning landscape, and keyboard shortcuts.
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
    autoStart,
    onEnded,
    onTrialEnd,
    onBuy,
    onPlayingChange,
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
  const [rate, setRate] = usePlaybackRate();
  const rateRef = useRef(rate);
  rateRef.current = rate;
  const restoreTo = useRef<number | null>(resumeAt > 0 ? resumeAt : null);
  const maxReached = useRef(Math.max(0, resumeAt));
  const trialDone = useRef(false);
  const startWanted = useRef(!!autoStart);
  const callbacks = useRef({ onEnded, onTrialEnd, onPlayingChange });
  callbacks.current = { onEnded, onTrialEnd, onPlayingChange };

  const media = useMediaState(video);
  const [panel, setPanel] = useState<'rate' | 'quality' | null>(null);
  const [keyboardInBar, setKeyboardInBar] = useState(false);
  const controls = useAutoHide(!media.paused, panel !== null || keyboardInBar);
  const [swipe, setSwipe] = useState<number | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [fullscreenOn, setFullscreenOn] = useState(false);
  const startedByTapAt = useRef(0);
  const warmUp = useRef<() => void>(() => undefined);

  useProgressReporter(video, videoId, resumeAt);

  useEffect(() => setCurrent(sources), [sources]);

  const playingNow = !media.paused && media.moved;
  useEffect(() => callbacks.current.onPlayingChange?.(playingNow), [playingNow]);

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
          warmUp.current = attached.warmUp;
          video.dataset.source = attached.mode;
          if (startWanted.current) {
            startWanted.current = false;
            void video.play().catch(() => undefined);
          }
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      warmUp.current = () => undefined;
      detach?.();
    };
  }, [video, current, quality, attempt, recover]);

  // A finger on the player is the surest sign it will be played: what the stream needs is
  // fetched from that moment, not from the tap's end.
  useEffect(() => {
    const area = box.current;
    if (!area) return;
    const onTouch = () => warmUp.current();
    area.addEventListener('pointerdown', onTouch, { capture: true, passive: true });
    return () => area.removeEventListener('pointerdown', onTouch, { capture: true });
  }, []);

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
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('ended', onEnd);
    video.addEventListener('error', onError);
    return () => {
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
    if (hint === null) return;
    const timer = window.setTimeout(() => setHint(null), HINT_MS);
    return () => window.clearTimeout(timer);
  }, [hint]);

  useEffect(() => {
    const onChange = () => {
      setFullscreenOn(!!box.current && document.fullscreenElement === box.current);
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

  const togglePlay = useCallback(() => {
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, [video]);

  /** Seeks within what the lesson allows: not past what was watched (禁止拖动), not past a trial. */
  const seekTo = useCallback(
    (seconds: number) => {
      if (!video) return;
      const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : Infinity;
      let target = Math.min(duration, Math.max(0, seconds));
      if (banDrag && target > maxReached.current + 1) {
        target = maxReached.current;
        setHint(BAN_DRAG_HINT);
      }
      if (trialSeconds > 0 && target >= trialSeconds) {
        target = Math.max(0, trialSeconds - 1);
        setHint(trialHint(trialSeconds));
      }
      video.currentTime = target;
    },
    [video, banDrag, trialSeconds],
  );

  const { show: showControls, toggle: toggleControls } = controls;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!video || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      const onPage = target === document.body || target === document.documentElement;
      if (!onPage && !box.current?.contains(target)) return;
      if (isTextField(target) || target.closest?.('.kz-player-panel')) return;
      const key = event.key.toLowerCase();
      if (key === ' ' || key === 'k') {
        if (key === ' ' && target.closest?.('button')) return;
        togglePlay();
      } else if (key === 'arrowright' || key === 'arrowleft') {
        seekTo(video.currentTime + (key === 'arrowright' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
      } else if (key === 'f') {
        void fullscreen();
      } else {
        return;
      }
      event.preventDefault();
      showControls();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [video, togglePlay, seekTo, fullscreen, showControls]);

  const gestures = useGestures({
    onTap: (pointerType) => {
      if (!media.started) {
        startedByTapAt.current = Date.now();
        togglePlay();
      } else if (pointerType === 'mouse') {
        togglePlay();
        showControls();
      } else toggleControls();
    },
    onDoubleTap: (pointerType) => {
      // The taps that started playback are not a request to pause it again.
      if (Date.now() - startedByTapAt.current < DOUBLE_TAP_MS * 2) return;
      togglePlay();
      if (pointerType === 'mouse') void fullscreen();
      showControls();
    },
    onSwipe: (seconds) => {
      if (!media.started || media.duration <= 0) return;
      setSwipe(seconds);
      showControls();
    },
    onSwipeEnd: (seconds) => {
      setSwipe(null);
      if (video && media.started && media.duration > 0) seekTo(video.currentTime + seconds);
    },
  });

  const switchQuality = (index: number) => {
    if (!video || index === quality) return;
    restoreTo.current = video.currentTime;
    if (!video.paused) startWanted.current = true;
    setQuality(index);
  };

  const swipeTarget = swipe === null ? 0 : Math.min(media.duration, Math.max(0, media.currentTime + swipe));
  const barShown = media.started && controls.visible;
  return (
    <div className="kz-player-wrap">
      <div
        className={barShown ? 'kz-player' : 'kz-player kz-player--bare'}
        ref={box}
        aria-keyshortcuts="Space K ArrowLeft ArrowRight F"
      >
        {/* Lessons carry no caption tracks: the catalogue has no subtitles to offer. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={setVideo}
          className="kz-player-video"
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          preload="metadata"
          poster={poster || undefined}
          disablePictureInPicture
          aria-label="视频播放器"
          tabIndex={0}
        />
        <div className="kz-player-surface" data-testid="player-surface" aria-hidden="true" {...gestures} />
        {watermark ? <Watermark {...watermark} areaRef={box} /> : null}
        {!media.started && !failed ? (
          <button
            type="button"
            className="kz-player-start"
            aria-label="播放"
            onClick={() => {
              startedByTapAt.current = Date.now();
              togglePlay();
            }}
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </button>
        ) : null}
        {media.loading && !failed ? (
          <div className="kz-player-loading">
            <Spinner size={40} label="加载中" />
          </div>
        ) : null}
        {swipe !== null ? (
          <div className="kz-player-bubble" role="status">
            {swipe >= 0 ? '快进' : '快退'} {Math.abs(swipe)} 秒 · {durationText(swipeTarget)} /{' '}
            {durationText(media.duration)}
          </div>
        ) : hint !== null ? (
          <div className="kz-player-bubble" role="status">
            {hint}
          </div>
        ) : null}
        <PlayerControls
          media={media}
          visible={barShown}
          rateText={rateText(rate)}
          qualityText={current.length > 1 ? current[quality]?.name || `线路${quality + 1}` : null}
          fullscreen={fullscreenOn}
          onPlayToggle={togglePlay}
          onSeek={seekTo}
          onOpenRate={() => setPanel('rate')}
          onOpenQuality={() => setPanel('quality')}
          onFullscreen={() => void fullscreen()}
          onActive={showControls}
          onKeyboardFocus={setKeyboardInBar}
        />
        {panel === 'rate' ? (
          <ChoicePanel
            label="倍速"
            options={RATE_OPTIONS}
            value={rate}
            onChoose={setRate}
            onClose={() => setPanel(null)}
          />
        ) : null}
        {panel === 'quality' ? (
          <ChoicePanel
            label="清晰度"
            options={current.map((s, i) => ({ value: i, text: s.name || `线路${i + 1}` }))}
            value={quality}
            onChoose={switchQuality}
            onClose={() => setPanel(null)}
          />
        ) : null}
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
      {trialSeconds > 0 ? <TrialTip onBuy={onBuy} /> : null}
    </div>
  );
}
