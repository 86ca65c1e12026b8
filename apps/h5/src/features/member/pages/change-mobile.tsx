import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the member issue builds this screen. */
export default function ChangeMobilePage() {
  return <PlaceholderPage title="绑定手机号" />;
}
