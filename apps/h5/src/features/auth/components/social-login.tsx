import type { SiteConfig } from '@/shared/api/types';
import { showToast } from '@/shared/ui/toast';
import { isWechat } from '@/shared/utils/user-agent';
import { getHost, removeTokenParams } from '@/shared/utils/url';
import './auth.css';

export type SocialApp = 'qq' | 'wechat';

/**
 * Browser address that starts a social login: s_url returns to the redirect target
 * (the member centre when that is /login), f_url to /login-error.
 */
export function socialLoginUrl(
  app: SocialApp,
  config: SiteConfig,
  redirect: string,
  host = getHost(),
): string {
  const target = !redirect || redirect === '/login' ? '/member' : redirect;
  const params = new URLSearchParams({
    s_url: removeTokenParams(host + target),
    f_url: `${host}/login-error`,
    action: 'login',
  });
  const path = app === 'qq' ? '/api/v3/auth/login/socialite/qq' : '/api/v3/auth/login/wechat/oauth';
  return `${config.url}${path}?${params.toString()}`;
}

const QQ_ICON_PATH =
  'M12 2.5c-3.6 0-6 2.7-6 6.4v1.3c-.9 1.2-1.9 2.9-1.9 4.4 0 .9.3 1.2.6 1.2.4 0 .9-.6 1.3-1.3.3 1.2.9 2.2 1.8 3-.9.3-2.2.9-2.2 1.8 0 1 1.7 1.4 3.6 1.4 1.3 0 2.4-.3 2.8-.7h.1c.4.4 1.5.7 2.8.7 1.9 0 3.6-.4 3.6-1.4 0-.9-1.3-1.5-2.2-1.8.9-.8 1.5-1.8 1.8-3 .4.7.9 1.3 1.3 1.3.3 0 .6-.3.6-1.2 0-1.5-1-3.2-1.9-4.4V8.9c0-3.7-2.4-6.4-6-6.4z';
const WECHAT_ICON_PATH =
  'M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.5 2.6 4.6L4 16.5l2.4-1.2c.8.2 1.7.4 2.6.4h.5a5.6 5.6 0 0 1-.2-1.5c0-3.3 3.1-5.9 7-5.9h.5C16.1 5.8 12.9 4 9 4zm-2.3 3.3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zm4.7 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zM16.3 9.3c-3.2 0-5.8 2.1-5.8 4.8s2.6 4.8 5.8 4.8c.7 0 1.3-.1 1.9-.3l1.9 1-.5-1.7c1.4-.9 2.4-2.3 2.4-3.8 0-2.7-2.6-4.8-5.7-4.8zm-1.9 2.6a.8.8 0 1 1 0 1.5.8.8 0 0 1 0-1.5zm3.9 0a.8.8 0 1 1 0 1.5.8.8 0 0 1 0-1.5z';

interface SocialLoginButtonProps {
  app: SocialApp;
  label: string;
  iconPath: string;
  onClick: (app: SocialApp) => void;
}

function SocialLoginButton({ app, label, iconPath, onClick }: SocialLoginButtonProps) {
  return (
    <button
      type="button"
      className={`kz-social-btn kz-social-btn--${app}`}
      aria-label={label}
      onClick={() => onClick(app)}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d={iconPath} />
      </svg>
    </button>
  );
}

export interface SocialLoginProps {
  config: SiteConfig;
  redirect: string;
  agreed: boolean;
  userAgent?: string;
}

export function SocialLogin({ config, redirect, agreed, userAgent }: SocialLoginProps) {
  const inWechat = isWechat(userAgent);
  const showQq = !inWechat && Number(config.socialites.qq) === 1;
  const showWechat = inWechat && Number(config.socialites.wechat_oauth) === 1;
  if (!showQq && !showWechat) return null;

  const go = (app: SocialApp) => {
    if (!agreed) {
      showToast('请先同意协议');
      return;
    }
    window.location.href = socialLoginUrl(app, config, redirect);
  };

  return (
    <div className="kz-social">
      <div className="kz-social-title">其他登录方式</div>
      <div className="kz-social-icons">
        {showQq ? <SocialLoginButton app="qq" label="QQ登录" iconPath={QQ_ICON_PATH} onClick={go} /> : null}
        {showWechat ? (
          <SocialLoginButton app="wechat" label="微信登录" iconPath={WECHAT_ICON_PATH} onClick={go} />
        ) : null}
      </div>
    </div>
  );
}
