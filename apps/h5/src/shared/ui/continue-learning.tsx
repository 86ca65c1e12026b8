import { Link } from 'react-router-dom';
import './continue-learning.css';
import type { ContinueLearningData } from './continue-learning-data';
import { SizedImage } from './sized-image';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  return `${mm}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * 继续学习: the lesson to go on with (the last one while unfinished, else the next), the course and
 * its progress, and the button. Its height is fixed, so the place kept for it (`.kz-continue-slot`)
 * is exactly what it fills.
 */
export function ContinueLearning({ data }: { data: ContinueLearningData }) {
  const percent = Math.max(0, Math.min(100, Math.round(data.percent)));
  const label = data.videoId === null ? '已学完全部课时' : data.resume ? '上次学到' : '下一课';
  const where =
    data.resume && data.duration > 0 ? ` · ${clock(data.watchSeconds)} / ${clock(data.duration)}` : '';
  const to = data.videoId === null ? `/vod/detail?id=${data.courseId}` : `/vod/video?id=${data.videoId}`;
  return (
    <section
      className="kz-continue"
      aria-label={`${label}：${data.videoId === null ? data.courseTitle : data.videoTitle}`}
    >
      <SizedImage
        className="kz-continue-thumb"
        src={data.thumb}
        alt=""
        width={96}
        height={54}
        sizes="96px"
        loading="eager"
      />
      <div className="kz-continue-body">
        <p className="kz-continue-label">
          {label}
          {where}
        </p>
        <h2 className="kz-continue-title">{data.videoId === null ? data.courseTitle : data.videoTitle}</h2>
        {data.videoId === null ? null : <p className="kz-continue-course">{data.courseTitle}</p>}
      </div>
      <div className="kz-continue-foot">
        <span
          className="kz-continue-bar"
          role="progressbar"
          aria-label="课程进度"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${percent}%` }} />
        </span>
        <span className="kz-continue-percent">已学{percent}%</span>
        <Link className="kz-continue-go" to={to}>
          {data.videoId === null ? '查看课程' : '继续学习'}
        </Link>
      </div>
    </section>
  );
}

/** The card's data from a 在学 row (the learned-courses list), or null without a last lesson. */
export function continueFromRow(row: {
  course_id: number;
  progress?: number;
  learned_count: number;
  course: { title: string; thumb: string; videos_count: number } | [];
  last_view_video:
    | {
        video_id: number;
        watch_seconds: number;
        watched_at: string | null;
        video: { title: string; duration: number };
      }
    | [];
}): ContinueLearningData | null {
  if (Array.isArray(row.course) || Array.isArray(row.last_view_video)) return null;
  const total = row.course.videos_count;
  const percent =
    typeof row.progress === 'number' ? row.progress : total ? (row.learned_count / total) * 100 : 0;
  return {
    courseId: row.course_id,
    courseTitle: row.course.title,
    thumb: row.course.thumb,
    percent,
    videoId: row.last_view_video.video_id,
    videoTitle: row.last_view_video.video.title,
    resume: true,
    finished: row.last_view_video.watched_at !== null,
    watchSeconds: row.last_view_video.watch_seconds,
    duration: row.last_view_video.video.duration,
  };
}

/**
 * The card as it should be shown: when the lesson seen last is finished, the card moves on to the
 * next unfinished lesson (or, all done, to the course) instead of sending the member back into a
 * lesson already finished. That step loads on demand: the home page's own JS stays within budget.
 */
export async function continueCard(
  card: ContinueLearningData | null,
  signal: AbortSignal,
): Promise<ContinueLearningData | null> {
  if (!card?.finished || card.videoId === null) return card;
  const { moveOn } = await import('./continue-next');
  return moveOn(card, signal);
}
