import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { RequestSmsCodeButton } from '@/shared/verification/request-sms-code-button';
import { SmsStep } from '@/shared/verification/sms-step';
import { useSmsCodeRequest } from '@/shared/verification/use-sms-code-request';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { passwordProblem } from '@/shared/utils/password';
import { resetPassword } from '../api/reset-password';
import { BoundMobileStep, MobileCheckPage } from '../components/mobile-check-page';
import { useFinishAccountChange } from '../hooks/use-finish-account-change';
import './member.css';

export { passwordProblem } from '@/shared/utils/password';

/** Reset password with an SMS code to the bound mobile. */
export default function ChangePasswordPage() {
  useDocumentTitle('重置密码');
  const user = useAppStore((s) => s.user);
  const finishAccountChange = useFinishAccountChange();
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'form' | 'sms'>('form');
  const mobile = user?.mobile ?? '';
  const bound = user?.is_bind_mobile === 1;
  const smsCode = useSmsCodeRequest({ mobile, scene: 'password_reset', onSent: () => setStep('sms') });

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
    smsCode.openCaptcha();
  };

  const submit = async (code: string) => {
    await resetPassword({ mobile, mobile_code: code, password });
    await finishAccountChange();
  };

  return (
    <MobileCheckPage captchaDialogProps={smsCode.captchaDialogProps}>
      {step === 'form' ? (
        <BoundMobileStep heading="重置密码" mobileLabel="手机号" mobileText={bound ? mobile : '未绑定'}>
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
          <RequestSmsCodeButton faded={!password} onClick={requestCode} />
        </BoundMobileStep>
      ) : (
        <SmsStep
          mobile={mobile}
          submitText="确定"
          sendKey={smsCode.sendKey}
          onResend={smsCode.openCaptcha}
          onSubmit={submit}
        />
      )}
    </MobileCheckPage>
  );
}
