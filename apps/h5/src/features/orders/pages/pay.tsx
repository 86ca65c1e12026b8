import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the orders issue builds this screen. */
export default function PayPage() {
  return <PlaceholderPage title="手动打款" />;
}
