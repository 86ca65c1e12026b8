import HomePage from '@/features/home/pages/home';
import { LatestAnnouncement } from '@/features/announcements/components/latest-announcement';

/** The home route: the home page with the newest announcement above its blocks. */
export default function HomeRoute() {
  return <HomePage announcement={<LatestAnnouncement />} />;
}
