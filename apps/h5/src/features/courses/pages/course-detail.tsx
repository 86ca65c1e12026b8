import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the courses issue builds this screen. */
export default function CourseDetailPage() {
  return <PlaceholderPage title="课程详情" />;
}
