import type { VodBlockConfig } from '@kezhan/contract/courses';
import { Link } from 'react-router-dom';
import { CourseItem } from '@/shared/ui/course-item';

export function VodBlock({ config }: { config: VodBlockConfig }) {
  const items = Array.isArray(config.items) ? config.items : [];
  if (items.length === 0) return null;
  return (
    <section className="kz-block-vod" aria-label={config.title || '课程'}>
      <div className="kz-block-vod-head">
        <h2>{config.title}</h2>
        <Link to="/vod">查看全部</Link>
      </div>
      <ul className="kz-block-vod-list">
        {items.map((course) => (
          <li key={course.id}>
            <CourseItem course={course} />
          </li>
        ))}
      </ul>
    </section>
  );
}
