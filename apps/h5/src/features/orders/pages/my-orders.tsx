import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the orders issue builds this screen. */
export default function MyOrdersPage() {
  return <PlaceholderPage title="我的订单" />;
}
