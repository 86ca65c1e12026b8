import type { CourseDetail, CourseVideo, PlayInfo, VideoDetail } from '@kezhan/contract/courses';
import Tabs from 'antd-mobile/es/components/tabs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ApiError, isMissingResource } from '@/shared/http/client';
import { NavHeader } from '@/shared/layout/nav-header';
import { PageLoading } from '@/shared/layout/page-loading';
import { useAppStore } from '@/shared/store/app-store';
import { EmptyState, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { checkoutUrl } from '@/shared/utils/checkout-url';
import { getCourse } from '../api/get-course';
import { getPlayInfo } from '../api/get-play-info';
import { getVideo } from '../api/get-video';
import { getCommentReplies, getComments } from '../api/get-comments';
import { postComment as postNewComment } from '../api/post-comment';
import { Attachments } from '../components/attachments';
import { Catalogue } from '../components/catalogue';
import type { CommentThread } from '@kezhan/contract/comments';
import { CommentComposer, Comments } from '../components/comments';
import { VideoPlayer } from '../components/video-player';
import { useAttachmentDownload } from '../hooks/use-attachment-download';
import { embedSrc, isEmbed } from '../utils/media-source';
import { mapGet, nextVideo, outlineGroups } from '../utils/outline';
import { watermarkText } from '../utils/watermark-text';
import './course-detail.css';
import './video.css';

type Load =
  { status: 'loading' } | { status: 'error'; missing: boolean } | { status: 'ready'; data: VideoDetail };
type Play =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; info: PlayInfo };
type Stage = 'playing' | 'ended' | 'trial-over';
type TabKey = 'catalogue' | 'comments' | 'attach';

export const NO_PLAY_URL = '暂无播放地址';

export default function VideoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const config = useAppStore((s) => s.config);
  const user = useAppStore((s) => s.user);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [course, setCourse] = useState<CourseDetail | null>(null);
  const [play, setPlay] = useState<Play>({ status: 'idle' });
  const [stage, setStage] = useState<Stage>('playing');
  const [attempt, setAttempt] = useState(0);
  const [playAttempt, setPlayAttempt] = useState(0);
  const [round, setRound] = useState(0);
  const [tab, setTab] = useState<TabKey>('catalogue');
  const [commentsVersion, setCommentsVersion] = useState(0);
  const data = load.status === 'ready' ? load.data : null;
  useDocumentTitle(data?.video.title ?? '视频播放');

  useEffect(() => {
    if (!id) {
      setLoad({ status: 'error', missing: true });
      return;
    }
    let alive = true;
    setLoad({ status: 'loading' });
    setStage('playing');
    setPlay({ status: 'idle' });
    setCourse(null);
    getVideo(id, { quiet: true, on404: 'reject' })
      .then((res) => {
        if (!alive) return;
        setLoad({ status: 'ready', data: res.data });
        getCourse(res.data.course.id, { quiet: true, on404: 'reject' })
          .then((c) => alive && setCourse(c.data))
          .catch(() => {});
      })
      .catch((e: unknown) => {
        if (alive)
          setLoad({
            status: 'error',
            missing: isMissingResource(e),
          });
      });
    return () => {
      alive = false;
    };
  }, [id, attempt]);

  const video = data?.video;
  const isWatch = data?.is_watch === true;
  const trialable = !!video && !isWatch && video.free_seconds > 0;
  const canPlay = isWatch || trialable;

  useEffect(() => {
    if (!video || !canPlay) return;
    let alive = true;
    setPlay({ status: 'loading' });
    getPlayInfo(video.id, trialable, { quiet: true, on404: 'reject' })
      .then((res) => alive && setPlay({ status: 'ready', info: res.data }))
      .catch((e: unknown) => {
        if (!alive) return;
        const message =
          e instanceof ApiError && e.kind === 'business' && e.message
            ? e.message
            : '视频加载失败，请稍后重试';
        setPlay({ status: 'error', message });
      });
    return () => {
      alive = false;
    };
  }, [video, canPlay, trialable, playAttempt]);

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
  const loadComments = useCallback(
    async () => (await getComments({ rt: 2, rid: id }, { quiet: true })).data,
    [id],
  );
  const loadAllComments = useCallback(
    async () => (await getCommentReplies({ rt: 2, rid: id }, '')).data.data as CommentThread[],
    [id],
  );
  const loadReplies = useCallback(
    async (parentId: string) => (await getCommentReplies({ rt: 2, rid: id }, parentId)).data.data,
    [id],
  );

  const buy = useCallback(() => {
    if (!data) return;
    const c = data.course;
    navigate(checkoutUrl({ type: 'vod', id: c.id, name: c.title, charge: c.charge, thumb: c.thumb }));
  }, [data, navigate]);

  // One buy prompt when a trial ends: the box in place of the player (no dialog, no bottom bar).
  const onTrialEnd = useCallback(() => setStage('trial-over'), []);

  if (!data || !video) {
    return (
      <div className="kz-video-page">
        <NavHeader title="视频播放" />
        {load.status === 'loading' ? <PageLoading /> : null}
        {load.status === 'error' && load.missing ? <EmptyState text="视频不存在或已下架" /> : null}
        {load.status === 'error' && !load.missing ? (
          <LoadFailed onRetry={() => setAttempt((a) => a + 1)} />
        ) : null}
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
  let currentLabel = '播放中';
  if (stage === 'ended') currentLabel = '已学完';
  else if (!canPlay || stage === 'trial-over') currentLabel = '当前';

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
      <div className="kz-player-box">
        <p>试看结束，购买课程观看所有视频</p>
        <div className="kz-player-box-actions">{buyButtons}</div>
      </div>
    );
  } else if (stage === 'ended') {
    stageBox = (
      <div className="kz-player-box">
        <p>{next ? '本节已学完' : '恭喜您已经学完本套课程！'}</p>
        <div className="kz-player-box-actions">
          <button
            type="button"
            className="kz-btn kz-btn--ghost"
            onClick={() => {
              setStage('playing');
              setRound((r) => r + 1);
            }}
          >
            重新播放
          </button>
          {next ? (
            <button type="button" className="kz-btn kz-btn--primary" onClick={() => openVideo(next)}>
              下一节
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (play.status === 'loading' || play.status === 'idle') {
    stageBox = (
      <div className="kz-player-box" role="status" aria-label="加载中">
        <p>视频加载中…</p>
      </div>
    );
  } else if (play.status === 'error' || play.info.urls.length === 0) {
    stageBox = (
      <div className="kz-player-box" role="alert">
        <strong>{play.status === 'error' ? play.message : NO_PLAY_URL}</strong>
        {play.status === 'ready' ? <p>该视频暂时无法播放，请稍后再试</p> : null}
        <div className="kz-player-box-actions">
          <button type="button" className="kz-btn kz-btn--ghost" onClick={() => setPlayAttempt((a) => a + 1)}>
            重新加载
          </button>
        </div>
      </div>
    );
  } else if (isEmbed(play.info.urls[0])) {
    const src = embedSrc(play.info.urls[0].url);
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
        key={`${video.id}-${round}`}
        videoId={video.id}
        sources={play.info.urls}
        poster={config.player.cover}
        resumeAt={round === 0 ? resumeAt : 0}
        trialSeconds={play.info.trial_seconds}
        banDrag={video.ban_drag === 1}
        watermark={watermark}
        onEnded={() => setStage('ended')}
        onTrialEnd={onTrialEnd}
        onBuy={buy}
        refreshSources={refreshSources}
      />
    );
  }

  const postComment = async (content: string) => {
    const posted = (await postNewComment({ rt: 2, rid: video.id, content })).data;
    void showToast(posted.is_check === 1 ? '成功' : '评论已提交，审核通过后显示');
    setCommentsVersion((v) => v + 1);
  };

  return (
    <div className={isWatch ? 'kz-video-page' : 'kz-video-page kz-video-page--buy'}>
      <NavHeader title={courseData.title} />
      {stageBox}
      <h2 className="kz-video-title">{video.title}</h2>
      <Tabs className="kz-detail-tabs kz-video-tabs" activeKey={tab} onChange={(k) => setTab(k as TabKey)}>
        <Tabs.Tab title="目录" key="catalogue">
          <Catalogue
            key={video.id}
            groups={groups}
            courseFree={courseData.is_free === 1}
            progress={progressMap}
            currentId={video.id}
            currentLabel={currentLabel}
            onSelect={(v) => v.id !== video.id && openVideo(v)}
          />
        </Tabs.Tab>
        <Tabs.Tab title="评论" key="comments">
          <Comments
            load={loadComments}
            loadAll={loadAllComments}
            loadReplies={loadReplies}
            version={commentsVersion}
            canComment={isWatch}
          />
          {isWatch ? (
            <div className="kz-video-composer">
              <CommentComposer onSubmit={postComment} />
            </div>
          ) : null}
        </Tabs.Tab>
        <Tabs.Tab title="课件" key="attach">
          <Attachments
            items={Array.isArray(course?.attach) ? course.attach : []}
            onDownload={(a) => void download(a)}
          />
        </Tabs.Tab>
      </Tabs>
      {!isWatch && tab === 'catalogue' && stage !== 'trial-over' ? (
        <div className="kz-detail-bar">
          <div className="kz-detail-actions">{buyButtons}</div>
        </div>
      ) : null}
    </div>
  );
}
