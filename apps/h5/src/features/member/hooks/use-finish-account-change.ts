import { useCallback } from 'react';
import { showToast } from '@/shared/ui/toast';
import { useLeavePage } from './use-leave-page';
import { useRefreshUser } from './use-refresh-user';

/** After a saved password or mobile change: toast 成功, reload the member (best effort), then leave. */
export function useFinishAccountChange() {
  const refreshUser = useRefreshUser();
  const leave = useLeavePage();
  return useCallback(async () => {
    showToast('成功');
    await refreshUser().catch(() => undefined);
    leave();
  }, [refreshUser, leave]);
}
