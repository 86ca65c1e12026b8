import { getMemberDetail } from '@/shared/api/get-member-detail';
import { useApiMutation, useApiQuery } from '@/shared/data/query';
import { useAppStore } from '@/shared/store/app-store';
import { getUnreadNotificationCount } from './get-unread-notification-count';

/**
 * The unread count, asked again on every visit and whenever the tab becomes visible again
 * (the original cached it and showed stale dots). 0 for visitors.
 */
export function useUnreadCount(isLogin: boolean): number {
  const count = useApiQuery(
    ['unread-count'],
    async (signal) => Number((await getUnreadNotificationCount(signal)).data) || 0,
    { enabled: isLogin, refetchWhenVisible: true },
  );
  return isLogin ? (count.data ?? 0) : 0;
}

/** 重新加载 of a member detail that failed at startup: the answer goes into the app store. */
export function useReloadMember() {
  return useApiMutation(async () => useAppStore.getState().loginAction((await getMemberDetail()).data));
}
