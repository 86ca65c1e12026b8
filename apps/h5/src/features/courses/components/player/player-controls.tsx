import { durationText } from '../../utils/outline';
import { PlayerIcon } from './icons';
import { Scrubber } from './scrubber';
import type { MediaState } from './use-media-state';

export interface PlayerControlsProps {
  media: MediaState;
  visible: boolean;
  rateText: string;
  /** The source's name when the lesson has more than one (清晰度), else null. */
  qualityText: string | null;
  fullscreen: boolean;
  onPlayToggle: () => void;
  onSeek: (seconds: number) => void;
  onOpenRate: () => void;
  onOpenQuality: () => void;
  onFullscreen: () => void;
  /** Any touch on the controls keeps them shown. */
  onActive: () => void;
  /** Keyboard focus inside the bar keeps it shown. */
  onKeyboardFocus: (focused: boolean) => void;
}

function focusedByKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a browser without :focus-visible
  }
}

/** The bar over the bottom of the picture: play/pause, time, progress, speed, quality, fullscreen. */
export function PlayerControls(props: PlayerControlsProps) {
  const { media, visible, rateText, qualityText, fullscreen } = props;
  const playingNow = !media.paused;
  return (
    <div
      className={visible ? 'kz-player-bar' : 'kz-player-bar kz-player-bar--hidden'}
      data-testid="player-controls"
      // Inline too, so hidden controls are out of reach of taps, focus and screen readers in any case;
      // the class fades them out first.
      style={{ visibility: visible ? 'visible' : 'hidden' }}
      onPointerDown={props.onActive}
      onFocus={(event) => props.onKeyboardFocus(focusedByKeyboard(event.target))}
      onBlur={() => props.onKeyboardFocus(false)}
    >
      <button
        type="button"
        className="kz-player-button"
        aria-label={playingNow ? '暂停' : '播放'}
        onClick={props.onPlayToggle}
      >
        <PlayerIcon name={playingNow ? 'pause' : 'play'} />
      </button>
      <span className="kz-player-time">
        {durationText(media.currentTime)} / {durationText(media.duration)}
      </span>
      <Scrubber
        currentTime={media.currentTime}
        duration={media.duration}
        bufferedEnd={media.bufferedEnd}
        onSeek={props.onSeek}
        onActive={props.onActive}
      />
      <button
        type="button"
        className="kz-player-button kz-player-button--text"
        aria-label={`倍速，当前${rateText}`}
        aria-haspopup="true"
        onClick={props.onOpenRate}
      >
        {rateText === '1.0x' ? '倍速' : rateText}
      </button>
      {qualityText !== null ? (
        <button
          type="button"
          className="kz-player-button kz-player-button--text"
          aria-label={`清晰度，当前${qualityText}`}
          aria-haspopup="true"
          onClick={props.onOpenQuality}
        >
          {qualityText}
        </button>
      ) : null}
      <button
        type="button"
        className="kz-player-button"
        aria-label={fullscreen ? '退出全屏' : '全屏'}
        onClick={props.onFullscreen}
      >
        <PlayerIcon name={fullscreen ? 'exitFullscreen' : 'enterFullscreen'} />
      </button>
    </div>
  );
}
