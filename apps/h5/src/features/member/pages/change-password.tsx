import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { sendSms } from '@/shared/verification/send-sms';
import { CaptchaDialog } from '@/shared/verification/captcha-dialog';
import { SmsStep } from '@/shared/verification/sms-step';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { resetPassword } from '../api/reset-password';
import { useLeavePage } from '../hooks/use-leave-page';
import { useRefreshUser } from '../hooks/use-refresh-user';
import './member.css';

/** The server's rule (contract PASSWORD_MIN_LENGTH / PASSWORD_MAX_LENGTH), checked before an SMS is spent. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

export function passwordProblem(password: string): string | null {
  if (!password) return '请输入密码';
  if (password.length < PASSWORD_MIN_LENGTH) return `密码长度不能少于${PASSWORD_MIN_LENGTH}个字符`;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码长度不能多于${PASSWORD_MAX_LENGTH}个字符`;
  return null;
}

/** Reset password with an SMS code to the bound mobile (screens §2.21). */
export default function ChangePasswordPage() {
  useDocumentTitle('重置密码');
  const user = useAppStore((s) => s.user);
  const refreshUser = useRefreshUser();
  const leave = useLeavePage();
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'form' | 'sms'>('form');
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sendKey, setSendKey] = useState(0);
  const mobile = user?.mobile ?? '';
  const bound = user?.is_bind_mobile === 1;

  const requestCode = () => {
    if (!bound) {
      showToast('请绑定手机号');
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      showToast(problem);
      return;
    }
    setCaptchaOpen(true);
  };

  const send = async (imageKey: string, imageCaptcha: string) => {
    try {
      await sendSms({ mobile, image_key: imageKey, image_captcha: imageCaptcha, scene: 'password_reset' });
    } catch {
      return false;
    }
    setCaptchaOpen(false);
    setStep('sms');
    setSendKey((k) => k + 1);
    return true;
  };

  const submit = async (code: string) => {
    await resetPassword({ mobile, mobile_code: code, password });
    showToast('成功');
    await refreshUser().catch(() => undefined);
    leave();
  };

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">
        {step === 'form' ? (
          <section className="kz-auth-step">
            <h2 className="kz-auth-heading">重置密码</h2>
            <p className="kz-member-mobile-line">
              手机号 <span>{bound ? mobile : '未绑定'}</span>
            </p>
            <label className="kz-field">
              <span className="kz-field-label">新密码</span>
              <Input
                className="kz-field-input"
                type="password"
                placeholder="请输入新密码"
                value={password}
                onChange={setPassword}
                clearable
                autoComplete="new-password"
                onEnterPress={requestCode}
              />
            </label>
            <Button
              block
              color="primary"
              size="large"
              className={password ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
              onClick={requestCode}
            >
              获取短信验证码
            </Button>
          </section>
        ) : (
          <SmsStep
            mobile={mobile}
            submitText="确定"
            sendKey={sendKey}
            onResend={() => setCaptchaOpen(true)}
            onSubmit={submit}
          />
        )}
      </div>
      <CaptchaDialog visible={captchaOpen} onCancel={() => setCaptchaOpen(false)} onConfirm={send} />
    </div>
  );
}
