import type { NavigateFunction } from 'react-router-dom';
import {
  clearLoginCode,
  getToken,
  isLoginCodeUsed,
  saveLoginCode,
  saveSessionLoginCode,
  setToken,
} from '@/shared/storage/storage';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import { ApiError } from '@/shared/http/client';
import { showAppScreen } from '@/shared/layout/screen-handover';
import { confirmDialog } from '@/shared/ui/lazy-dialog';
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

export const SWITCH_ACCOUNT_TEXT = {
  title: '切换登录账号？',
  content: (account: string) =>
    `当前已登录${account}。继续将退出该账号，改用刚才授权的QQ或微信账号登录。如果这不是您本人刚刚发起的登录，请选择“保持当前登录”。`,
  confirm: '切换账号',
  cancel: '保持当前登录',
} as const;

/**
 * A `login_code` link may come from someone else (login CSRF: it would sign the visitor into the
 * sender's account). When a member is signed in, the exchange happens only after they confirm
 * the switch; a stored token the server no longer accepts is no session to keep.
 */
async function mayReplaceSession(): Promise<boolean> {
  if (!getToken()) return true;
  let account = '账号';
  try {
    const { nick_name: name } = (await getMemberDetail({ on401: 'reject', quiet: true })).data;
    if (name) account = `账号“${name}”`;
  } catch (e) {
    if (e instanceof ApiError && e.code === 401) return true;
  }
  // The question comes during startup: the app takes the place of the server's drawing of the
  // page (inert, hidden from assistive technology) first, so the dialog can be read and answered;
  // no page (and so no <main>) is shown yet, so the dialog gets a landmark of its own.
  showAppScreen();
  const landmark = document.createElement('section');
  landmark.setAttribute('aria-label', SWITCH_ACCOUNT_TEXT.title);
  document.body.append(landmark);
  try {
    return await confirmDialog({
      title: SWITCH_ACCOUNT_TEXT.title,
      'aria-label': SWITCH_ACCOUNT_TEXT.title,
      content: SWITCH_ACCOUNT_TEXT.content(account),
      confirmText: SWITCH_ACCOUNT_TEXT.confirm,
      cancelText: SWITCH_ACCOUNT_TEXT.cancel,
      getContainer: () => landmark,
    });
  } finally {
    landmark.remove();
  }
}

/**
 * Social login completion: `?login_code=X&action=login` is exchanged once per code, and only
 * after a signed-in member agrees to switch accounts (declining keeps the session and drops the
 * code). success 1 → token stored and the page reloads on the cleaned address; bind_mobile →
 * modal leading to /code-bind-mobile.
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
  if (!(await mayReplaceSession())) {
    cleanAddressBar();
    return 'none';
  }

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
