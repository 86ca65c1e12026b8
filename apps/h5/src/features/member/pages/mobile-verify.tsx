import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the member issue builds this screen. */
export default function MobileVerifyPage() {
  return <PlaceholderPage title="验证原手机号" />;
}
