import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isLoginCodeUsed, saveSessionLoginCode } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { bindWithCode } from '../api/bind-with-code';

const RETURN_PARAMS = ['login_code', 'action', 'login_err_msg', 'error', 'token'];

/**
 * The profile page is both `s_url` and `f_url` of a social bind: redeem
 * `login_code` with `action=bind` once per code, show `login_err_msg` / `error`, and take
 * every such parameter out of the address so a reload does not repeat anything.
 */
export function useSocialBindReturn(onBound: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const params = new URLSearchParams(location.search);
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    handled.current = true;

    const code = params.get('login_code') ?? '';
    const action = params.get('action');
    const error = params.get('login_err_msg') || params.get('error') || '';
    for (const name of RETURN_PARAMS) params.delete(name);
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });

    if (error) {
      showToast(error);
      return;
    }
    if (!code || action !== 'bind' || isLoginCodeUsed(code)) return;
    saveSessionLoginCode(code);
    bindWithCode({ code }).then(
      () => {
        showToast('绑定成功');
        onBound();
      },
      () => {
        // The HTTP client has shown the server's reason (expired, bound to someone else…).
      },
    );
  }, [location.pathname, location.search, navigate, onBound]);
}
