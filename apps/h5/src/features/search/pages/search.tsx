import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the search issue builds this screen. */
export default function SearchPage() {
  return <PlaceholderPage title="搜索" />;
}
