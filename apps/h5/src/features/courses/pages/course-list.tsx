import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the courses issue builds this screen. */
export default function CourseListPage() {
  return <PlaceholderPage title="录播课程" />;
}
