import { NavHeader } from '@/shared/layout/nav-header';

/**
 * The player's place while the lesson or its addresses load: the poster the player will show, at
 * the height of the player with its control bar, so nothing flickers or moves when it arrives.
 */
export function PlayerLoading({ poster }: { poster?: string }) {
  return (
    <div className="kz-player-wrap">
      {poster ? (
        <div className="kz-player-box kz-player-box--pending" role="status" aria-label="加载中">
          <img className="kz-player-poster" src={poster} alt="" {...{ fetchpriority: 'high' }} />
        </div>
      ) : (
        <div className="kz-player-box" role="status" aria-label="加载中">
          <p>视频加载中…</p>
        </div>
      )}
      <div className="kz-player-controls" />
    </div>
  );
}

/**
 * The lesson's page until its answer is in (and as the server draws it: the lesson depends on the
 * member): the player's place with the site's poster.
 */
export function VideoPending({ poster }: { poster: string }) {
  return (
    <div className="kz-video-page">
      <NavHeader title="视频播放" />
      <PlayerLoading poster={poster} />
      <div className="kz-detail-skeleton kz-video-skeleton">
        <span className="kz-detail-skeleton-line" />
        <span className="kz-detail-skeleton-line kz-detail-skeleton-line--short" />
      </div>
    </div>
  );
}
