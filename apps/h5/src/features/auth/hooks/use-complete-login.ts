import { useCallback } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { getConfig } from '@/shared/api/get-config';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import { ApiError } from '@/shared/http/client';
import { clearToken, setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { runLoginGate } from './login-gate';

/** The app leaves the login page 500 ms after a completed login. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * Where a finished login goes: the `redirect` target when there is one, else `steps` back
 * in history (1 from the SMS page, 2 from the password page), or home without history.
 */
export function leaveLogin(navigate: NavigateFunction, redirect: string, steps = 1): void {
  if (redirect && redirect !== '/login') {
    navigate(redirect, { replace: true });
  } else if (window.history.length <= steps + 1) {
    navigate('/', { replace: true });
  } else {
    navigate(-steps);
  }
}

/**
 * Stores the token, reloads configuration and member detail, then runs the bind-mobile /
 * face-verification gate; `finish` runs 500 ms later when nothing else is required.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return useCallback(
    async (token: string, finish: () => void) => {
      setToken(token);
      const store = useAppStore.getState();
      let config = store.config;
      try {
        config = await getConfig();
        store.saveConfigAction(config);
      } catch {
        // Keep the configuration loaded at startup; the toast has already explained.
      }
      let user;
      try {
        user = (await getMemberDetail({ on401: 'reject' })).data;
      } catch (e) {
        if (e instanceof ApiError && e.code === 401) {
          clearToken();
          finish();
        }
        return;
      }
      store.loginAction(user);
      // Both login pages need 同意 ticked beside the agreements before they log in.
      if (runLoginGate(navigate, config, user, { agreedOnThisPage: true }) === 'done') {
        window.setTimeout(finish, LOGIN_REDIRECT_DELAY_MS);
      }
    },
    [navigate],
  );
}
