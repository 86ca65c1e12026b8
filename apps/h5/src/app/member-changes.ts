import { forgetLastAnswers } from '@/shared/data/last-answers';
import { invalidate } from '@/shared/data/query';
import { useAppStore } from '@/shared/store/app-store';

/**
 * What the app does when the signed-in member changes; returns the unsubscribe.
 * - Any change (login, logout, another account): the answers kept for offline use are forgotten,
 *   so the next member never sees the last one's.
 * - A login changes many answers (isBuy, isCollect, progress): what is on screen fetches again.
 *   (Logging out leaves member screens, and a member query must not run without its token.)
 */
export function watchMemberChanges(): () => void {
  return useAppStore.subscribe((state, previous) => {
    if (state.isLogin !== previous.isLogin || state.user?.id !== previous.user?.id) forgetLastAnswers();
    if (state.isLogin && !previous.isLogin) invalidate([]);
  });
}
