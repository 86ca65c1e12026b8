import { PlaceholderPage } from '@/shared/layout/placeholder-page';

/** Placeholder until the messages issue builds this screen. */
export default function MessagesPage() {
  return <PlaceholderPage title="我的消息" />;
}
