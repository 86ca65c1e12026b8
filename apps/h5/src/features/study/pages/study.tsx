import type { BoughtCourseRow, LearnedCourseRow, LikedCourseRow } from '@kezhan/contract/courses';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { useApiQuery } from '@/shared/data/query';
import { ContinueLearning, continueCard, continueFromRow } from '@/shared/ui/continue-learning';
import { EmptyAction, EmptyState } from '@/shared/ui/list-states';
import { RefreshablePagedList } from '@/shared/ui/paged-list-view';
import { getBoughtCourses } from '../api/get-bought-courses';
import { getLearnedCourses } from '../api/get-learned-courses';
import { getLikedCourses } from '../api/get-liked-courses';
import './study.css';
import { SizedImage } from '@/shared/ui/sized-image';

export const STUDY_PAGE_SIZE = 10;

const TABS = [
  { key: 'study', label: '在学' },
  { key: 'course', label: '已购' },
  { key: 'collect', label: '收藏' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

type Row = LearnedCourseRow | BoughtCourseRow | LikedCourseRow;

const FETCHERS: Record<TabKey, (page: number) => Promise<Row[]>> = {
  study: async (page) => (await getLearnedCourses({ page, size: STUDY_PAGE_SIZE })).data.data,
  course: async (page) => (await getBoughtCourses({ page, size: STUDY_PAGE_SIZE })).data.data,
  collect: async (page) => (await getLikedCourses({ page, size: STUDY_PAGE_SIZE })).data.data,
};

/** Whole percent of the course done: the server's figure, or watched lessons over all lessons. */
export function courseProgress(row: Row): number {
  if ('progress' in row && typeof row.progress === 'number') return row.progress;
  const record = 'watch_record' in row && !Array.isArray(row.watch_record) ? row.watch_record : null;
  if (record) return record.progress;
  const total = Array.isArray(row.course) ? 0 : row.course.videos_count;
  return total ? Math.min(100, Math.round((row.learned_count / total) * 100)) : 0;
}

function StudyRow({ row, tab }: { row: Row; tab: TabKey }) {
  const navigate = useNavigate();
  if (Array.isArray(row.course)) {
    return (
      <div className="kz-study-item kz-study-item--gone">
        <span className="kz-study-thumb" aria-hidden="true" />
        <div className="kz-study-body">
          <span className="kz-study-title">课程已下架</span>
        </div>
      </div>
    );
  }
  const course = row.course;
  const last = Array.isArray(row.last_view_video) ? null : row.last_view_video;
  const subscribed = tab === 'course' || ('is_subscribe' in row && row.is_subscribe === 1);
  const percent = courseProgress(row);
  const detail = `/vod/detail?id=${row.course_id}`;
  // A finished last lesson is not where to go on: the course page's 继续学习 knows the next one.
  const resume = last && last.watched_at === null ? `/vod/video?id=${last.video_id}` : detail;
  const open = tab === 'study' && last ? resume : detail;
  return (
    <div className="kz-study-item">
      <Link to={open} className="kz-study-main">
        <span className="kz-study-thumb">
          <SizedImage src={course.thumb} alt="" width={128} height={72} sizes="128px" />
          {subscribed ? <span className="kz-study-badge">已购买</span> : null}
        </span>
        <span className="kz-study-body">
          <span className="kz-study-title">{course.title}</span>
          <span className="kz-study-meta">
            已学 {row.learned_count}/{course.videos_count}课时
          </span>
          <span
            className="kz-study-progress"
            role="progressbar"
            aria-label="学习进度"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${percent}%` }} />
          </span>
        </span>
      </Link>
      {last ? (
        <button type="button" className="kz-study-continue" onClick={() => navigate(resume)}>
          继续学习
          <small>{last.video.title}</small>
        </button>
      ) : null}
    </div>
  );
}

/** The most recent course's lesson to go on with, above the 在学 list. */
function LastLesson({ row }: { row: LearnedCourseRow }) {
  const last = continueFromRow(row);
  const moved = useApiQuery(
    ['continue-card', row.course_id, last?.videoId ?? 0],
    (signal) => continueCard(last, signal),
    { enabled: last?.finished === true },
  );
  const data = last?.finished ? moved.data : last;
  return data ? <ContinueLearning data={data} /> : null;
}

export default function StudyPage() {
  useDocumentTitle('我的课程');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = raw === 'course' || raw === 'collect' ? raw : 'study';
  const fetchPage = useCallback((page: number) => FETCHERS[tab](page), [tab]);
  const list = usePagedList<Row>(fetchPage, STUDY_PAGE_SIZE, `study|${tab}`);
  const empty = { study: '还没有在学的课程', course: '还没有购买的课程', collect: '还没有收藏的课程' }[tab];

  return (
    <div className="kz-study">
      <h1 className="kz-visually-hidden">我的课程</h1>
      <div className="kz-study-tabs" role="tablist" aria-label="我的课程">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            className={t.key === tab ? 'kz-study-tab kz-study-tab--active' : 'kz-study-tab'}
            onClick={() => t.key !== tab && setParams({ tab: t.key }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'study' && list.items[0] ? <LastLesson row={list.items[0] as LearnedCourseRow} /> : null}
      <div className="kz-study-list">
        <RefreshablePagedList
          list={list}
          className="kz-study-rows"
          rowKey={(row) => `${row.course_id}`}
          renderRow={(row) => <StudyRow row={row} tab={tab} />}
          empty={
            <EmptyState text={empty}>
              <EmptyAction to="/vod">去选课</EmptyAction>
            </EmptyState>
          }
        />
      </div>
    </div>
  );
}
