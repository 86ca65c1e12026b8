import { COURSE_COVER_SIZES } from '@kezhan/contract/browser';
import { Link } from 'react-router-dom';
import './course-item.css';
import { SizedImage } from './sized-image';

export interface CourseItemData {
  id: number;
  title: string;
  thumb: string;
  charge: number;
  is_free: number;
  user_count: number;
}

/** Price of a course row: green 免费 for a free course, red ￥charge for a paid one, nothing at price 0. */
export function CoursePrice({ charge, isFree }: { charge: number; isFree: number }) {
  if (isFree === 1) return <span className="kz-price kz-price--free">免费</span>;
  if (charge > 0) {
    return (
      <span className="kz-price">
        <small>￥</small>
        {charge}
      </span>
    );
  }
  return null;
}

/** A paid course is bought once: 人已购买, never 订阅 (which reads as a recurring charge). */
export function learnersText(course: { user_count: number; charge: number; is_free: number }): string {
  const paid = course.is_free !== 1 && course.charge > 0;
  return `${course.user_count}${paid ? '人已购买' : '人已订阅'}`;
}

/** A course list row: cover, title, subscribers and price; opens the course detail. */
export function CourseItem({ course }: { course: CourseItemData }) {
  return (
    <Link to={`/vod/detail?id=${course.id}`} className="kz-course-item">
      <SizedImage
        className="kz-course-item-cover"
        src={course.thumb}
        alt=""
        width={128}
        height={72}
        sizes={COURSE_COVER_SIZES}
      />
      <span className="kz-course-item-body">
        <span className="kz-course-item-title">{course.title}</span>
        <span className="kz-course-item-meta">
          <span>{learnersText(course)}</span>
          <CoursePrice charge={course.charge} isFree={course.is_free} />
        </span>
      </span>
    </Link>
  );
}
