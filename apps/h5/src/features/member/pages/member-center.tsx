import { useFirstScreenReady } from '@/shared/layout/screen-handover';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { useReloadMember, useUnreadCount } from '../api/queries';
import { MemberCentreScreen, type MemberCentreViewer } from '../components/member-centre-screen';

/** Member centre, the 我的 tab. */
export default function MemberCenterPage() {
  const isLogin = useAppStore((s) => s.isLogin);
  const user = useAppStore((s) => s.user);
  const unread = useUnreadCount(isLogin);
  const reloadMember = useReloadMember();
  // The page shows once startup knows who is looking: its first screen is ready.
  useFirstScreenReady(true);
  const member = isLogin && user ? user : null;

  let viewer: MemberCentreViewer;
  if (member) viewer = { kind: 'member', member, unread };
  // Logged in (a token) but the member detail did not load: say so, never 请登录.
  else if (getToken())
    viewer = {
      kind: 'failed',
      reloading: reloadMember.pending,
      onReload: () => void reloadMember.run().catch(() => undefined),
    };
  else viewer = { kind: 'visitor' };
  return <MemberCentreScreen viewer={viewer} />;
}
