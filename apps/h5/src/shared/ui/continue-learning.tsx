import { Link } from 'react-router-dom';
import './continue-learning.css';
import { SizedImage } from './sized-image';

export interface ContinueLearningData {
  courseTitle: string;
  thumb: string;
  /** Whole percent of the course done. */
  percent: number;
  videoId: number;
  videoTitle: string;
  watchSeconds: number;
  duration: number;
}

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  return `${mm}:${String(s % 60).padStart(2, '0')}`;
};

/** 上次学到: the last lesson, where it stopped, the course progress and a 继续学习 button. */
export function ContinueLearning({ data }: { data: ContinueLearningData }) {
  const percent = Math.max(0, Math.min(100, Math.round(data.percent)));
  return (
    <section className="kz-continue" aria-labelledby="kz-continue-title">
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
        <h2 id="kz-continue-title" className="kz-continue-title">
          上次学到：{data.videoTitle}
        </h2>
        <p className="kz-continue-course">{data.courseTitle}</p>
        <div className="kz-continue-meta">
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
          <span>
            已学{percent}%
            {data.duration > 0 ? ` · 看到 ${clock(data.watchSeconds)} / ${clock(data.duration)}` : ''}
          </span>
        </div>
      </div>
      <Link className="kz-continue-go" to={`/vod/video?id=${data.videoId}`}>
        继续学习
      </Link>
    </section>
  );
}

/** The card's data from a 在学 row (the learned-courses list), or null without a last lesson. */
export function continueFromRow(row: {
  progress?: number;
  learned_count: number;
  course: { title: string; thumb: string; videos_count: number } | [];
  last_view_video:
    { video_id: number; watch_seconds: number; video: { title: string; duration: number } } | [];
}): ContinueLearningData | null {
  if (Array.isArray(row.course) || Array.isArray(row.last_view_video)) return null;
  const total = row.course.videos_count;
  const percent =
    typeof row.progress === 'number' ? row.progress : total ? (row.learned_count / total) * 100 : 0;
  return {
    courseTitle: row.course.title,
    thumb: row.course.thumb,
    percent,
    videoId: row.last_view_video.video_id,
    videoTitle: row.last_view_video.video.title,
    watchSeconds: row.last_view_video.watch_seconds,
    duration: row.last_view_video.video.duration,
  };
}
