import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the member issue builds this screen. */
export default function ChangePasswordPage() {
  return <PlaceholderPage title="重置密码" />;
}
