import type { CourseVideo } from '@kezhan/contract/courses';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ApiError, isMissingResource } from '@/shared/http/client';
import { useFirstScreenReady } from '@/shared/layout/screen-handover';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { EmptyState, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { checkoutUrl } from '@/shared/utils/checkout-url';
import { getPlayInfo } from '../api/get-play-info';
import { useCourse, usePlayInfo, usePostComment, useVideo } from '../api/queries';
import { Attachments } from '../components/attachments';
import { Catalogue } from '../components/catalogue';
import { CommentComposer, VideoComments } from '../components/comments';
import { PlayerNotice } from '../components/player-notice';
import { PlayerLoading, VideoPending } from '../components/video-pending';
import { TrialTip } from '../components/trial-tip';
import { VideoPlayer } from '../components/video-player';
import { useAttachmentDownload } from '../hooks/use-attachment-download';
import { embedSrc, isEmbed, preloadHls } from '../utils/media-source';
import { mapGet, nextVideo, outlineGroups } from '../utils/outline';
import { watermarkText } from '../utils/watermark-text';
import './course-detail.css';
import './video.css';
import { Tabs } from '@/shared/ui/tabs';

/** A finger on 播放 while the lesson still loads: hls.js and its worker are fetched meanwhile. */
const warmUpPlayer = () => void preloadHls().catch(() => undefined);

/** `replaying`: 重新播放 after the end, from the start rather than where the lesson was left. */
type Stage = 'playing' | 'replaying' | 'ended' | 'trial-over';
type TabKey = 'catalogue' | 'comments' | 'attach';

export const NO_PLAY_URL = '暂无播放地址';

export default function VideoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const config = useAppStore((s) => s.config);
  const user = useAppStore((s) => s.user);
  const videoQuery = useVideo(id);
  const data = videoQuery.data ?? null;
  // The stage belongs to one lesson: opening another starts it at `playing`.
  const [stageOf, setStageOf] = useState<{ id: number; stage: Stage }>({ id, stage: 'playing' });
  const stage = stageOf.id === id ? stageOf.stage : 'playing';
  const setStage = useCallback((next: Stage) => setStageOf({ id, stage: next }), [id]);
  // 播放 tapped before the player was ready (the lesson starts once it can), and whether it plays.
  const [playWantedFor, setPlayWantedFor] = useState(0);
  const [playingFor, setPlayingFor] = useState(0);
  const wantPlay = useCallback(() => setPlayWantedFor(id), [id]);
  const onPlayingChange = useCallback((playing: boolean) => setPlayingFor(playing ? id : 0), [id]);
  const [tab, setTab] = useState<TabKey>('catalogue');
  useDocumentTitle(data?.video.title ?? '视频播放');
  useFirstScreenReady(!videoQuery.loading);

  const video = data?.video;
  const isWatch = data?.is_watch === true;
  const trialable = !!video && !isWatch && video.free_seconds > 0;
  const canPlay = isWatch || trialable;
  const course = useCourse(data?.course.id ?? 0).data ?? null;
  const play = usePlayInfo(video?.id ?? 0, trialable, canPlay);
  const postVideoComment = usePostComment({ rt: 2, rid: id });

  const videoIdForPlay = video?.id;
  const refreshSources = useCallback(
    async () =>
      videoIdForPlay === undefined
        ? []
        : (await getPlayInfo(videoIdForPlay, trialable, { quiet: true, on404: 'reject' })).data.urls,
    [videoIdForPlay, trialable],
  );

  const groups = useMemo(() => (data ? outlineGroups(data.chapters, data.videos) : []), [data]);
  const next = video ? nextVideo(groups, video.id) : null;
  const progressMap = course?.videoWatchedProgress ?? data?.video_watched_progress;
  const download = useAttachmentDownload(
    course?.course.id,
    !!course && (course.isBuy || course.course.charge <= 0),
  );

  const buy = useCallback(() => {
    if (!data) return;
    const c = data.course;
    navigate(checkoutUrl({ type: 'vod', id: c.id, name: c.title, charge: c.charge, thumb: c.thumb }));
  }, [data, navigate]);

  // One buy prompt when a trial ends: the box in place of the player (no dialog, no bottom bar).
  const onTrialEnd = useCallback(() => setStage('trial-over'), [setStage]);

  if (videoQuery.loading)
    return (
      <VideoPending
        poster={config.player.cover}
        onPlay={wantPlay}
        playWanted={playWantedFor === id}
        onPlayIntent={warmUpPlayer}
      />
    );
  if (!data || !video) {
    const missing = !id || (videoQuery.error !== undefined && isMissingResource(videoQuery.error));
    return (
      <div className="kz-video-page">
        <NavHeader title="视频播放" />
        {missing ? <EmptyState text="视频不存在或已下架" /> : null}
        {videoQuery.error !== undefined && !missing ? <LoadFailed onRetry={videoQuery.refetch} /> : null}
      </div>
    );
  }

  const courseData = data.course;
  const resumeRecord = mapGet(progressMap, video.id);
  const resumeAt = resumeRecord && !resumeRecord.watched_at ? resumeRecord.watch_seconds : 0;
  const bullet = config.player.bullet_secret;
  const watermark =
    Number.parseInt(String(config.player.enabled_bullet_secret), 10) === 1
      ? {
          text: watermarkText(bullet.text, user ? { id: user.id, mobile: user.mobile } : null),
          size: Number(bullet.size) || 14,
          color: bullet.color || 'red',
          opacity: bullet.opacity === '' || bullet.opacity === undefined ? 1 : Number(bullet.opacity),
        }
      : null;

  const buyButtons = (
    <>
      {courseData.is_vip_free === 1 ? (
        <button type="button" className="kz-btn kz-btn--vip" onClick={() => navigate('/role')}>
          VIP会员免费看
        </button>
      ) : null}
      {courseData.charge > 0 ? (
        <button type="button" className="kz-btn kz-btn--buy" onClick={buy}>
          购买课程 ￥{courseData.charge}
        </button>
      ) : null}
    </>
  );
  const openVideo = (v: CourseVideo) => navigate(`/vod/video?id=${v.id}`, { replace: true });
  let currentLabel = '当前';
  if (stage === 'ended') currentLabel = '已学完';
  else if (canPlay && stage !== 'trial-over' && playingFor === id) currentLabel = '播放中';

  let stageBox;
  if (!canPlay) {
    stageBox = (
      <div className="kz-player-box">
        <p>购买课程后即可观看本视频</p>
        <div className="kz-player-box-actions">{buyButtons}</div>
      </div>
    );
  } else if (stage === 'trial-over') {
    stageBox = (
      <>
        <PlayerNotice text="试看结束，购买课程观看所有视频">{buyButtons}</PlayerNotice>
        <TrialTip over onBuy={buy} />
      </>
    );
  } else if (stage === 'ended') {
    stageBox = (
      <PlayerNotice
        text={next ? '本节已学完' : '恭喜您已经学完本套课程！'}
        detail={next ? `下一节：${next.title}` : undefined}
      >
        <>
          <button type="button" className="kz-btn kz-btn--ghost" onClick={() => setStage('replaying')}>
            重新播放
          </button>
          {next ? (
            <button type="button" className="kz-btn kz-btn--primary" onClick={() => openVideo(next)}>
              下一节
            </button>
          ) : null}
        </>
      </PlayerNotice>
    );
  } else if (play.error !== undefined || (play.data && play.data.urls.length === 0)) {
    const failure = play.error;
    stageBox = (
      <div className="kz-player-box" role="alert">
        <strong>
          {failure === undefined
            ? NO_PLAY_URL
            : failure instanceof ApiError && failure.kind === 'business' && failure.message
              ? failure.message
              : '视频加载失败，请稍后重试'}
        </strong>
        {failure === undefined ? <p>该视频暂时无法播放，请稍后再试</p> : null}
        <div className="kz-player-box-actions">
          <button type="button" className="kz-btn kz-btn--ghost" onClick={play.refetch}>
            重新加载
          </button>
        </div>
      </div>
    );
  } else if (!play.data) {
    stageBox = (
      <PlayerLoading
        poster={config.player.cover}
        onPlay={wantPlay}
        playWanted={playWantedFor === id}
        onPlayIntent={warmUpPlayer}
      />
    );
  } else if (isEmbed(play.data.urls[0])) {
    const src = embedSrc(play.data.urls[0].url);
    stageBox = src ? (
      <div className="kz-player kz-player--embed">
        <iframe src={src} title={video.title} allowFullScreen allow="autoplay; fullscreen" />
      </div>
    ) : (
      <div className="kz-player-box" role="alert">
        <strong>{NO_PLAY_URL}</strong>
      </div>
    );
  } else {
    stageBox = (
      <VideoPlayer
        key={video.id}
        videoId={video.id}
        sources={play.data.urls}
        poster={config.player.cover}
        resumeAt={stage === 'replaying' ? 0 : resumeAt}
        trialSeconds={play.data.trial_seconds}
        banDrag={video.ban_drag === 1}
        watermark={watermark}
        autoStart={playWantedFor === video.id || stage === 'replaying'}
        onPlayingChange={onPlayingChange}
        onEnded={() => setStage('ended')}
        onTrialEnd={onTrialEnd}
        onBuy={buy}
        refreshSources={refreshSources}
      />
    );
  }

  const postComment = async (content: string) => {
    const posted = await postVideoComment.run(content);
    void showToast(posted.is_check === 1 ? '成功' : '评论已提交，审核通过后显示');
  };

  return (
    <div className={isWatch ? 'kz-video-page' : 'kz-video-page kz-video-page--buy'}>
      <NavHeader title={courseData.title} />
      {stageBox}
      <h2 className="kz-video-title">{video.title}</h2>
      <Tabs
        className="kz-detail-tabs kz-video-tabs"
        label="课程内容"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'catalogue',
            title: '目录',
            content: (
              <Catalogue
                key={video.id}
                groups={groups}
                courseFree={courseData.is_free === 1}
                progress={progressMap}
                currentId={video.id}
                currentLabel={currentLabel}
                onSelect={(v) => v.id !== video.id && openVideo(v)}
              />
            ),
          },
          {
            key: 'comments',
            title: '评论',
            content: (
              <>
                <VideoComments id={video.id} canComment={isWatch} />
                {isWatch ? (
                  <div className="kz-video-composer">
                    <CommentComposer onSubmit={postComment} />
                  </div>
                ) : null}
              </>
            ),
          },
          {
            key: 'attach',
            title: '课件',
            content: (
              <Attachments
                items={Array.isArray(course?.attach) ? course.attach : []}
                onDownload={(a) => void download(a)}
              />
            ),
          },
        ]}
      />
      {!isWatch && tab === 'catalogue' && stage !== 'trial-over' ? (
        <div className="kz-detail-bar">
          <div className="kz-detail-actions">{buyButtons}</div>
        </div>
      ) : null}
    </div>
  );
}
