import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { CodeLoginOutcome } from '@/features/auth/hooks/code-login';
import { socialLoginCode } from '@/features/auth/utils/social-login-code';
import { getConfig } from '@/shared/api/get-config';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import type { SiteConfig } from '@/shared/api/types';
import { ApiError } from '@/shared/http/client';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { isMobile } from '@/shared/utils/user-agent';

export type StartupStatus = 'loading' | 'ready' | 'config-failed' | 'leaving';

/** Sends desktop browsers to the PC site when one is configured. */
export function pcRedirectTarget(config: SiteConfig, mobile: boolean): string | null {
  const pcUrl = (config.pc_url ?? '').trim();
  return pcUrl && !mobile ? pcUrl : null;
}

const PATHS_WITHOUT_BIND_GATE = ['/bind-mobile', '/code-bind-mobile'];

/** The social login exchange, loaded only when the address carries a code; failing to load is a failed exchange. */
async function exchangeLoginCode(navigate: NavigateFunction): Promise<CodeLoginOutcome> {
  try {
    const { runCodeLogin } = await import('@/features/auth/hooks/code-login');
    return await runCodeLogin(navigate);
  } catch (e) {
    console.error('社交登录处理失败', e);
    return 'failed';
  }
}

/**
 * Startup: configuration, PC redirect, social code login, then the member detail
 * when a token exists — all before any route shows. A failed configuration load is logged and
 * reported as `config-failed` (the app still renders, with a retry); an invalid token is dropped.
 */
export function useStartup(): { status: StartupStatus; retry: () => void } {
  const navigate = useNavigate();
  const [status, setStatus] = useState<StartupStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    const store = useAppStore.getState();

    void (async () => {
      let configOk = true;
      try {
        store.saveConfigAction(await getConfig());
      } catch (e) {
        configOk = false;
        console.error('系统初始化失败', e);
      }
      const config = useAppStore.getState().config;

      const pcUrl = pcRedirectTarget(config, isMobile());
      if (pcUrl) {
        setStatus('leaving');
        window.location.href = pcUrl;
        return;
      }

      // The social login exchange and the login gate (dialogs, face verification) are loaded only
      // when needed: a visitor's first screen does without them.
      const codeOutcome =
        configOk && socialLoginCode(window.location.search) ? await exchangeLoginCode(navigate) : 'none';
      if (codeOutcome === 'reloading') {
        setStatus('leaving');
        return;
      }

      let user = null;
      if (getToken()) {
        try {
          user = (await getMemberDetail({ on401: 'reject', quiet: true })).data;
          store.loginAction(user);
        } catch (e) {
          if (e instanceof ApiError && e.code === 401) store.logoutAction();
        }
      }

      // The first page is rendered as a transition: in slices between frames, not one long task.
      startTransition(() => setStatus(configOk ? 'ready' : 'config-failed'));

      if (user && codeOutcome !== 'bind') {
        const path = window.location.pathname;
        import('@/features/auth/hooks/login-gate').then(
          ({ runLoginGate }) =>
            runLoginGate(navigate, config, user, {
              skipBind: PATHS_WITHOUT_BIND_GATE.includes(path),
              skipFace: path === '/auth/faceSuccess',
            }),
          (e: unknown) => console.error('登录校验加载失败', e),
        );
      }
    })();
  }, [attempt, navigate]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((a) => a + 1);
  }, []);

  return { status, retry };
}
