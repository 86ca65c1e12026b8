import { NavHeader } from '@/shared/layout/nav-header';
import { Spinner } from '@/shared/ui/spinner';

export interface PlayerLoadingProps {
  poster?: string;
  /**
   * Tapping 播放 before the player is ready: the place shows it is loading and the lesson starts
   * once it can. Without it (the server's drawing, which cannot be tapped) it shows loading only.
   */
  onPlay?: () => void;
  /** 播放 was tapped: loading until the player takes over. */
  playWanted?: boolean;
  /** A finger is on 播放: what the player needs can be fetched already. */
  onPlayIntent?: () => void;
}

/**
 * The player's place while the lesson or its addresses load: the poster the player will show, at
 * the player's height (its controls lie on the picture), so nothing flickers or moves when it arrives.
 */
export function PlayerLoading({ poster, onPlay, playWanted, onPlayIntent }: PlayerLoadingProps) {
  return (
    <div className="kz-player-wrap">
      <div
        className={poster ? 'kz-player-box kz-player-box--pending' : 'kz-player-box'}
        role="status"
        aria-label="加载中"
      >
        {poster ? (
          <img className="kz-player-poster" src={poster} alt="" {...{ fetchpriority: 'high' }} />
        ) : null}
        {onPlay && !playWanted ? (
          <button
            type="button"
            className="kz-player-start"
            aria-label="播放"
            onPointerDown={onPlayIntent}
            onClick={onPlay}
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </button>
        ) : (
          <span className="kz-player-loading">
            <Spinner size={40} />
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The lesson's page until its answer is in (and as the server draws it: the lesson depends on the
 * member): the player's place with the site's poster.
 */
export function VideoPending({ poster, ...play }: { poster: string } & Omit<PlayerLoadingProps, 'poster'>) {
  return (
    <div className="kz-video-page">
      <NavHeader title="视频播放" />
      <PlayerLoading poster={poster} {...play} />
      <div className="kz-detail-skeleton kz-video-skeleton">
        <span className="kz-detail-skeleton-line" />
        <span className="kz-detail-skeleton-line kz-detail-skeleton-line--short" />
      </div>
    </div>
  );
}
