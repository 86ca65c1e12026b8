import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the member issue builds this screen. */
export default function ProfilePage() {
  return <PlaceholderPage title="个人中心" />;
}
