import { COURSE_DETAIL_COVER_SIZES, type CourseDetailCourse } from '@kezhan/contract/browser';
import type { ReactNode } from 'react';
import { NavHeader } from '@/shared/layout/nav-header';
import { CoursePrice, learnersText } from '@/shared/ui/course-item';
import { SizedImage } from '@/shared/ui/sized-image';
import { Tabs } from '@/shared/ui/tabs';

export type CourseTabKey = 'intro' | 'catalogue' | 'comments' | 'attach';

export const COURSE_TABS: { key: CourseTabKey; title: string }[] = [
  { key: 'intro', title: '介绍' },
  { key: 'catalogue', title: '目录' },
  { key: 'comments', title: '评论' },
  { key: 'attach', title: '课件' },
];

/** The cover, title, price and learners at the top of a course's page. */
export function CourseDetailHead({ course }: { course: CourseDetailCourse }) {
  const free = course.is_free === 1 || course.charge <= 0;
  return (
    <>
      <SizedImage
        className="kz-detail-cover"
        src={course.thumb}
        alt=""
        width={480}
        height={270}
        sizes={COURSE_DETAIL_COVER_SIZES}
        priority
      />
      <div className="kz-detail-head">
        <h2 className="kz-detail-title">{course.title}</h2>
        <div className="kz-detail-stats">
          {free ? (
            <span className="kz-price kz-price--free">免费</span>
          ) : (
            <CoursePrice charge={course.charge} isFree={0} />
          )}
          <span>{learnersText(course)}</span>
        </div>
      </div>
    </>
  );
}

interface CourseDetailFrameProps {
  course: CourseDetailCourse;
  tab: CourseTabKey;
  onTabChange: (tab: CourseTabKey) => void;
  panels: Partial<Record<CourseTabKey, ReactNode>>;
  /** The bar fixed at the bottom (buttons or the comment box). */
  children?: ReactNode;
}

/** A course's page: header, cover and title, the four tabs, and what sits below them. */
export function CourseDetailFrame({ course, tab, onTabChange, panels, children }: CourseDetailFrameProps) {
  return (
    <div className="kz-detail-page kz-detail-page--ready">
      <NavHeader title="课程详情" />
      <CourseDetailHead course={course} />
      <Tabs
        className="kz-detail-tabs"
        label="课程内容"
        activeKey={tab}
        onChange={onTabChange}
        items={COURSE_TABS.map((item) => ({ ...item, content: panels[item.key] ?? null }))}
      />
      {children}
    </div>
  );
}

/**
 * A course's page before the member's own answer is in, as the server draws it from a visitor's
 * answer: what every member sees alike, with the introduction and the buttons (bought? liked?)
 * still to come.
 */
export function CourseDetailPending({ course }: { course: CourseDetailCourse }) {
  const introLoading = (
    <div className="kz-detail-skeleton kz-detail-skeleton--text" role="status" aria-label="加载中">
      <span className="kz-detail-skeleton-line" />
      <span className="kz-detail-skeleton-line" />
      <span className="kz-detail-skeleton-line kz-detail-skeleton-line--short" />
    </div>
  );
  return (
    <CourseDetailFrame
      course={course}
      tab="intro"
      onTabChange={() => undefined}
      panels={{ intro: introLoading }}
    >
      <div className="kz-detail-bar" />
    </CourseDetailFrame>
  );
}
