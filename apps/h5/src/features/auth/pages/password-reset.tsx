import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { getTypedMobile, saveTypedMobile } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { passwordProblem } from '@/shared/utils/password';
import { safeRedirect } from '@/shared/utils/url';
import { LazyCaptchaDialog } from '@/shared/verification/lazy-captcha-dialog';
import { RequestSmsCodeButton } from '@/shared/verification/request-sms-code-button';
import { SmsStep } from '@/shared/verification/sms-step';
import { useSmsCodeRequest } from '@/shared/verification/use-sms-code-request';
import { resetForgottenPassword } from '../api/reset-forgotten-password';
import '@/shared/verification/verification.css';
import '../components/auth.css';

export const PASSWORD_RESET_DONE = '密码已重置，请使用新密码登录';

/**
 * 忘记密码 (/password-reset, from 密码登录): mobile and new password, image captcha, the SMS code
 * (scene `password_reset`), then back to 密码登录.
 */
export default function PasswordResetPage() {
  useDocumentTitle('找回密码');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mobile, setTypedMobile] = useState(() => params.get('mobile') ?? getTypedMobile());
  const setMobile = (value: string) => {
    setTypedMobile(value);
    saveTypedMobile(value);
  };
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'form' | 'sms'>('form');
  const smsCode = useSmsCodeRequest({ mobile, scene: 'password_reset', onSent: () => setStep('sms') });

  const requestCode = () => {
    if (!isChinaMobilePhone(mobile)) {
      showToast(mobile ? '请输入正确的手机号' : '请输入手机号');
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      showToast(problem);
      return;
    }
    smsCode.openCaptcha();
  };

  const submit = async (code: string) => {
    await resetForgottenPassword({ mobile, mobile_code: code, password });
    showToast(PASSWORD_RESET_DONE);
    // Opened from 密码登录: go back to it (its history stays as it was); else open it here.
    if (location.key !== 'default') {
      navigate(-1);
      return;
    }
    const back = new URLSearchParams({ mobile });
    if (redirect) back.set('redirect', redirect);
    navigate(`/login-password?${back.toString()}`, { replace: true });
  };

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">
        {step === 'form' ? (
          <section className="kz-auth-step">
            <h1 className="kz-auth-heading">找回密码</h1>
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
              <span className="kz-field-label">新密码</span>
              <Input
                className="kz-field-input"
                type="password"
                placeholder="请输入新密码（6-16位）"
                value={password}
                onChange={setPassword}
                clearable
                autoComplete="new-password"
                onEnterPress={requestCode}
              />
            </label>
            <RequestSmsCodeButton faded={!mobile || !password} onClick={requestCode} />
          </section>
        ) : (
          <SmsStep
            mobile={mobile}
            submitText="重置密码"
            sendKey={smsCode.sendKey}
            onResend={smsCode.openCaptcha}
            onSubmit={submit}
          />
        )}
      </div>
      <LazyCaptchaDialog {...smsCode.captchaDialogProps} />
    </div>
  );
}
