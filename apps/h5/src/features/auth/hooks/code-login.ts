import type { NavigateFunction } from 'react-router-dom';
import {
  clearLoginCode,
  isLoginCodeUsed,
  saveLoginCode,
  saveSessionLoginCode,
  setToken,
} from '@/shared/storage/storage';
import { removeTokenParams } from '@/shared/utils/url';
import { loginWithCode } from '../api/login-code';
import { socialLoginCode } from '../utils/social-login-code';
import { GATE_TEXT, askOrLogout } from './login-gate';

/** Removes token, login_code and action from the address bar without a reload. */
export function cleanAddressBar(): void {
  const clean = removeTokenParams(window.location.href);
  if (clean !== window.location.href) window.history.replaceState(window.history.state, '', clean);
}

export type CodeLoginOutcome = 'none' | 'reloading' | 'bind' | 'failed';

/**
 * Social login completion: `?login_code=X&action=login` is exchanged once per code.
 * success 1 → token stored and the page reloads on the cleaned address; bind_mobile → modal
 * leading to /code-bind-mobile.
 */
export async function runCodeLogin(
  navigate: NavigateFunction,
  search: string = window.location.search,
): Promise<CodeLoginOutcome> {
  const code = socialLoginCode(search);
  if (!code) return 'none';
  if (isLoginCodeUsed(code)) {
    cleanAddressBar();
    return 'none';
  }
  saveSessionLoginCode(code);

  let data;
  try {
    data = (await loginWithCode(code)).data;
  } catch {
    cleanAddressBar();
    return 'failed';
  }

  if (data.success === 1 && data.token) {
    clearLoginCode();
    setToken(data.token);
    window.location.replace(removeTokenParams(window.location.href));
    return 'reloading';
  }
  cleanAddressBar();
  if (data.action === 'bind_mobile') {
    saveLoginCode(code);
    void askOrLogout(navigate, {
      title: GATE_TEXT.bindTitle,
      content: GATE_TEXT.bindContent,
      confirmText: GATE_TEXT.bindConfirm,
    }).then((confirmed) => {
      if (confirmed) navigate('/code-bind-mobile');
    });
    return 'bind';
  }
  return 'failed';
}
