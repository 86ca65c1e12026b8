import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the study issue builds this screen. */
export default function StudyPage() {
  return <PlaceholderPage title="我的课程" withHeader={false} />;
}
