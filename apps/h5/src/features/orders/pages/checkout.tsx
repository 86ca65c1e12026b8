import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the orders issue builds this screen. */
export default function CheckoutPage() {
  return <PlaceholderPage title="收银台" />;
}
