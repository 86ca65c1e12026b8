import { useNavigate } from 'react-router-dom';
import { useAppStore } from '@/shared/store/app-store';
import { confirmDialog } from '@/shared/ui/lazy-dialog';
import { showToast } from '@/shared/ui/toast';

export const LOGOUT_CONFIRM = '确认安全退出登录？';

/**
 * 退出登录 from the profile or the setting page: confirm, log out locally, back to the member centre.
 * The dialog (and its animation library) is loaded on the tap, not with the page.
 */
export function useConfirmLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const confirmed = await confirmDialog({ 'aria-label': '退出登录', content: LOGOUT_CONFIRM });
    if (!confirmed) return;
    useAppStore.getState().logoutAction();
    showToast('已安全退出');
    navigate('/member', { replace: true });
  };
}
