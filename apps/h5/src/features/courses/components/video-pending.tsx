import { NavHeader } from '@/shared/layout/nav-header';

/**
 * The lesson's page until its answer is in (and as the server draws it: the lesson depends on the
 * member): the player's box with the site's poster, where the player will be.
 */
export function VideoPending({ poster }: { poster: string }) {
  return (
    <div className="kz-video-page">
      <NavHeader title="视频播放" />
      <div className="kz-player-box kz-player-box--pending" role="status" aria-label="加载中">
        {poster ? (
          <img className="kz-player-poster" src={poster} alt="" {...{ fetchpriority: 'high' }} />
        ) : null}
      </div>
      <div className="kz-detail-skeleton kz-video-skeleton">
        <span className="kz-detail-skeleton-line" />
        <span className="kz-detail-skeleton-line kz-detail-skeleton-line--short" />
      </div>
    </div>
  );
}
