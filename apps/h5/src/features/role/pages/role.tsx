import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the role issue builds this screen. */
export default function RolePage() {
  return <PlaceholderPage title="VIP会员" />;
}
