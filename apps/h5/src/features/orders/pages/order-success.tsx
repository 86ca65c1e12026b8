import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the orders issue builds this screen. */
export default function OrderSuccessPage() {
  return <PlaceholderPage title="支付成功" />;
}
