import type { CourseDetail, CourseVideo } from '@kezhan/contract/courses';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { isMissingResource } from '@/shared/http/client';
import { useFirstScreenReady } from '@/shared/layout/screen-handover';
import { NavHeader } from '@/shared/layout/nav-header';
import { loginUrl } from '@/shared/layout/require-auth';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { EmptyAction, EmptyState, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { checkoutUrl } from '@/shared/utils/checkout-url';
import { useCourse, usePostComment, useToggleCourseLike } from '../api/queries';
import { Attachments } from '../components/attachments';
import { Catalogue } from '../components/catalogue';
import { CourseDetailFrame, type CourseTabKey } from '../components/course-detail-head';
import { CommentComposer, CourseComments } from '../components/comments';
import { useAttachmentDownload } from '../hooks/use-attachment-download';
import { courseProgressView } from '@/shared/utils/next-lesson';
import { firstVideo, outlineGroups, playOrder } from '../utils/outline';
import { SafeHtml } from '../utils/safe-html';
import './course-detail.css';

function DetailSkeleton() {
  return (
    <div className="kz-detail-skeleton" role="status" aria-label="加载中">
      <span className="kz-detail-skeleton-cover" />
      <span className="kz-detail-skeleton-line" />
      <span className="kz-detail-skeleton-line kz-detail-skeleton-line--short" />
    </div>
  );
}

function HeartIcon({ on }: { on: boolean }) {
  return (
    <svg
      className={on ? 'kz-heart kz-heart--on' : 'kz-heart'}
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
    >
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default function CourseDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useAppStore((s) => s.isLogin);
  const [tab, setTab] = useState<CourseTabKey>('intro');
  const detail = useCourse(id);
  const postCourseComment = usePostComment({ rt: 1, rid: id });
  const toggleLike = useToggleCourseLike();
  const data: CourseDetail | null = detail.data ?? null;
  useDocumentTitle(data ? data.course.title : '课程详情');
  const missing = !id || (detail.error !== undefined && isMissingResource(detail.error));
  useFirstScreenReady(!detail.loading);

  const groups = useMemo(() => (data ? outlineGroups(data.chapters, data.videos) : []), [data]);
  const canDownload = !!data && (data.isBuy || data.course.charge <= 0);
  const download = useAttachmentDownload(data?.course.id, canDownload);

  const here = location.pathname + location.search;
  const requireLogin = () => {
    if (getToken()) return true;
    navigate(loginUrl(here));
    return false;
  };

  if (!data) {
    return (
      <div className="kz-detail-page">
        <NavHeader title="课程详情" />
        {detail.loading ? <DetailSkeleton /> : null}
        {missing ? (
          <EmptyState text="课程不存在或已下架">
            <EmptyAction to="/vod">看看其他课程</EmptyAction>
          </EmptyState>
        ) : null}
        {detail.error !== undefined && !missing ? <LoadFailed onRetry={detail.refetch} /> : null}
      </div>
    );
  }

  const { course } = data;
  const collected = data.isCollect === true;
  const free = course.is_free === 1;
  const openVideo = (v: CourseVideo) => navigate(`/vod/video?id=${v.id}`);
  // A course the member has started goes on at the next unfinished lesson, never one already finished.
  const place = courseProgressView(playOrder(groups), data.videoWatchedProgress);
  const startLearning = () => {
    const first = place.next ?? firstVideo(groups);
    if (!first) {
      void showToast('暂无可学习课时！');
      return;
    }
    openVideo(first);
  };
  const like = async () => {
    if (!requireLogin()) return;
    try {
      const liked = await toggleLike.run(course.id);
      detail.setData({ ...data, isCollect: liked });
    } catch {
      /* toast shown by the client */
    }
  };
  const buy = () =>
    navigate(
      checkoutUrl({
        type: 'vod',
        id: course.id,
        name: course.title,
        charge: course.charge,
        thumb: course.thumb,
      }),
    );
  const postComment = async (content: string) => {
    if (!requireLogin()) throw new Error('login');
    const posted = await postCourseComment.run(content);
    void showToast(posted.is_check === 1 ? '成功' : '评论已提交，审核通过后显示');
  };

  let actions;
  if (data.isBuy || free) {
    actions = (
      <button type="button" className="kz-btn kz-btn--primary" onClick={startLearning}>
        {!place.started ? '开始学习' : place.next ? '继续学习' : '再学一遍'}
      </button>
    );
  } else {
    actions = (
      <>
        {course.is_vip_free === 1 ? (
          <button
            type="button"
            className="kz-btn kz-btn--vip"
            aria-label="VIP会员免费看"
            onClick={() => navigate('/role')}
          >
            {/* Two unbreakable halves: on a narrow screen it wraps as VIP会员 / 免费看, never 免费 / 看. */}
            <span className="kz-nowrap">VIP会员</span>
            <span className="kz-nowrap">免费看</span>
          </button>
        ) : null}
        {course.charge > 0 ? (
          <button type="button" className="kz-btn kz-btn--buy" onClick={buy}>
            购买课程
          </button>
        ) : null}
      </>
    );
  }

  const panels: Record<CourseTabKey, ReactNode> = {
    intro: <SafeHtml className="kz-rich-text" html={course.render_desc} />,
    catalogue: (
      <Catalogue
        groups={groups}
        courseFree={free}
        canWatchAll={data.isBuy || free}
        progress={data.videoWatchedProgress}
        onSelect={openVideo}
      />
    ),
    // The box to write a comment sits above them: the bar at the bottom keeps the buy buttons.
    comments: (
      <>
        <div className="kz-comment-compose">
          {isLogin && !data.isBuy && !free ? (
            <p className="kz-detail-bar-note">购买课程后即可参与评论</p>
          ) : (
            <CommentComposer onSubmit={postComment} />
          )}
        </div>
        <CourseComments id={course.id} canComment={!isLogin || data.isBuy || free} />
      </>
    ),
    attach: (
      <Attachments
        items={Array.isArray(data.attach) ? data.attach : []}
        onDownload={(a) => void download(a)}
      />
    ),
  };

  return (
    <CourseDetailFrame course={course} tab={tab} onTabChange={setTab} panels={panels}>
      {/* On every tab: buying (or starting) is always one tap away. */}
      <div className="kz-detail-bar">
        <button type="button" className="kz-like" aria-pressed={collected} onClick={() => void like()}>
          <HeartIcon on={collected} />
          <span>{collected ? '已收藏' : '收藏'}</span>
        </button>
        <div className="kz-detail-actions">{actions}</div>
      </div>
    </CourseDetailFrame>
  );
}
