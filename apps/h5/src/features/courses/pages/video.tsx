import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the courses issue builds this screen. */
export default function VideoPage() {
  return <PlaceholderPage title="视频播放" />;
}
