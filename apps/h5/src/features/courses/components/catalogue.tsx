import type { CourseVideo, PhpMap, VideoWatchProgress } from '@kezhan/contract/courses';
import { useState } from 'react';
import { EmptyState } from '@/shared/ui/list-states';
import { durationText, type OutlineGroup, watchedPercent } from '../utils/outline';

export interface CatalogueProps {
  groups: OutlineGroup[];
  /** The whole course is free: no 试看 badges. */
  courseFree: boolean;
  progress?: PhpMap<VideoWatchProgress>;
  /** The video playing now: its chapter starts open and the row is marked. */
  currentId?: number;
  /** What the current row says instead of its duration (播放中, 已学完…). */
  currentLabel?: string;
  /**
   * Whether the member may watch every lesson (bought, or a free course). false: lessons that are
   * neither free nor have a trial show a lock; undefined: no locks.
   */
  canWatchAll?: boolean;
  onSelect: (video: CourseVideo) => void;
}

function LockIcon() {
  return (
    <svg className="kz-lesson-lock" viewBox="0 0 24 24" width="14" height="14" role="img" aria-label="未解锁">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

const groupKey = (g: OutlineGroup) => (g.chapter ? `c${g.chapter.id}` : 'loose');

/** The course outline: collapsible chapters of lessons with trial badges, duration and progress. */
export function Catalogue({
  groups,
  courseFree,
  progress,
  currentId,
  currentLabel = '播放中',
  canWatchAll,
  onSelect,
}: CatalogueProps) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => {
    if (currentId === undefined) return new Set();
    return new Set(
      groups.filter((g) => g.chapter && !g.videos.some((v) => v.id === currentId)).map(groupKey),
    );
  });
  if (groups.length === 0) return <EmptyState text="暂无课时" />;

  const toggle = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const row = (v: CourseVideo) => {
    const percent = watchedPercent(progress, v);
    const current = v.id === currentId;
    const locked = canWatchAll === false && v.is_free !== 1 && !(v.free_seconds > 0);
    return (
      <li key={v.id}>
        <button
          type="button"
          className={current ? 'kz-lesson kz-lesson--current' : 'kz-lesson'}
          aria-current={current ? 'true' : undefined}
          onClick={() => onSelect(v)}
        >
          {!courseFree && v.is_free === 1 ? <span className="kz-lesson-badge">免费</span> : null}
          {!courseFree && v.is_free !== 1 && v.free_seconds > 0 ? (
            <span className="kz-lesson-badge">试看</span>
          ) : null}
          {locked ? <LockIcon /> : null}
          <span className="kz-lesson-title">{v.title}</span>
          {percent > 0 ? <span className="kz-lesson-progress">已学{percent}%</span> : null}
          <span className="kz-lesson-duration">{current ? currentLabel : durationText(v.duration)}</span>
        </button>
      </li>
    );
  };

  return (
    <div className="kz-catalogue">
      {groups.map((g) => {
        const key = groupKey(g);
        if (!g.chapter) {
          return (
            <section key={key} className="kz-chapter">
              {groups.length > 1 ? (
                <h3 className="kz-chapter-title kz-chapter-title--static">无章节内容</h3>
              ) : null}
              <ul className="kz-lessons">{g.videos.map(row)}</ul>
            </section>
          );
        }
        const open = !collapsed.has(key);
        return (
          <section key={key} className="kz-chapter">
            <h3 className="kz-chapter-heading">
              <button
                type="button"
                className="kz-chapter-title"
                aria-expanded={open}
                onClick={() => toggle(key)}
              >
                <span>{g.chapter.title}</span>
                <svg
                  className={open ? 'kz-chevron kz-chevron--open' : 'kz-chevron'}
                  viewBox="0 0 24 24"
                  width="14"
                  height="14"
                  aria-hidden="true"
                >
                  <path
                    d="m6 9 6 6 6-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </h3>
            {open ? (
              g.videos.length ? (
                <ul className="kz-lessons">{g.videos.map(row)}</ul>
              ) : (
                <p className="kz-chapter-empty">本章暂无课时</p>
              )
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
