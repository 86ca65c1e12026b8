import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import { setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { runLoginGate } from './login-gate';
import { LOGIN_REDIRECT_DELAY_MS } from './use-complete-login';

/**
 * After a mobile is bound (either bind page): toast 成功, keep the token, load the member,
 * then face verification if required, else home after 500 ms.
 */
export function useBindMobileFinish() {
  const navigate = useNavigate();
  return useCallback(
    async (token: string) => {
      showToast('成功');
      if (token) setToken(token);
      const user = (await getMemberDetail()).data;
      const store = useAppStore.getState();
      store.loginAction(user);
      if (runLoginGate(navigate, store.config, user, { skipBind: true }) === 'done') {
        window.setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
      }
    },
    [navigate],
  );
}
