import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { getTypedMobile, saveTypedMobile } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { LazyCaptchaDialog } from '@/shared/verification/lazy-captcha-dialog';
import { safeRedirect } from '@/shared/utils/url';
import { ApiError } from '@/shared/http/client';
import { PASSWORD_LOGIN_CHALLENGES, WRONG_CAPTCHA_MESSAGE } from '@kezhan/contract/browser';
import { loginPassword, type PasswordLoginInput } from '../api/login-password';
import { leaveLogin, useCompleteLogin } from '../hooks/use-complete-login';
import '@/shared/verification/verification.css';
import '../components/auth.css';

/** 密码登录: mobile and password; the fields line up with the heading and the button. */
export default function LoginPasswordPage() {
  useDocumentTitle('密码登录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mobile, setTypedMobile] = useState(() => getTypedMobile() || (params.get('mobile') ?? ''));
  const setMobile = (value: string) => {
    setTypedMobile(value);
    saveTypedMobile(value);
  };
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const completeLogin = useCompleteLogin();

  /** Logs in; answers false when the server wants (another) image captcha first. */
  const attempt = async (input: PasswordLoginInput): Promise<boolean> => {
    try {
      const res = await loginPassword(input);
      setCaptchaAsked(false);
      // Two steps back skips the SMS page this one was opened from.
      await completeLogin(res.data.token, () => leaveLogin(navigate, redirect, 2));
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      if (PASSWORD_LOGIN_CHALLENGES.includes(message)) {
        if (input.image_captcha && message === WRONG_CAPTCHA_MESSAGE) showToast(message);
        setCaptchaAsked(true);
        return false;
      }
      setCaptchaAsked(false);
      if (message) showToast(message);
      return true;
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    // The button is always there to tap: it says what is missing instead of doing nothing.
    if (!mobile) {
      showToast('请输入手机号');
      return;
    }
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (!password) {
      showToast('请输入密码');
      return;
    }
    setLoading(true);
    try {
      await attempt({ mobile, password });
    } finally {
      setLoading(false);
    }
  };

  const ready = Boolean(mobile && password);
  const reset = new URLSearchParams();
  if (mobile) reset.set('mobile', mobile);
  if (redirect) reset.set('redirect', redirect);
  const resetQuery = reset.toString();

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">
        <section className="kz-auth-step">
          <h1 className="kz-auth-heading">登录</h1>
          <form className="kz-auth-form" onSubmit={(e) => void submit(e)} noValidate>
            <label className="kz-field">
              <span className="kz-field-label">手机号</span>
              <Input
                className="kz-field-input"
                type="tel"
                inputMode="numeric"
                placeholder="请输入手机号码"
                value={mobile}
                onChange={(v) => setMobile(v.trim())}
                clearable
                maxLength={11}
                autoComplete="username"
              />
            </label>
            <label className="kz-field">
              <span className="kz-field-label">密码</span>
              <Input
                className="kz-field-input"
                type="password"
                placeholder="请输入密码"
                value={password}
                onChange={setPassword}
                clearable
                autoComplete="current-password"
              />
            </label>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={loading}
              className={ready ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
            >
              登录
            </Button>
          </form>
          <p className="kz-auth-links">
            <Link to={`/password-reset${resetQuery ? `?${resetQuery}` : ''}`}>忘记密码</Link>
          </p>
        </section>
      </div>
      {/* Needed only when the server asks for an image captcha, so it loads then. */}
      <LazyCaptchaDialog
        visible={captchaAsked}
        onCancel={() => setCaptchaAsked(false)}
        onConfirm={(imageKey, imageCaptcha) =>
          attempt({ mobile, password, image_key: imageKey, image_captcha: imageCaptcha })
        }
      />
    </div>
  );
}
