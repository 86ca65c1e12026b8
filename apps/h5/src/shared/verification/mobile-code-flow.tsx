import Input from 'antd-mobile/es/components/input';
import { useState, type ReactNode } from 'react';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import type { SmsScene } from './send-sms';
import { LazyCaptchaDialog } from './lazy-captcha-dialog';
import { RequestSmsCodeButton } from './request-sms-code-button';
import { SmsStep } from './sms-step';
import { useSmsCodeRequest } from './use-sms-code-request';
import './verification.css';

export interface MobileCodeFlowProps {
  heading: string;
  placeholder: string;
  scene: SmsScene;
  submitText: string;
  /** Extra checks before the captcha opens (the login page's agreement); false stops. */
  beforeSend?: () => boolean;
  onSubmit: (mobile: string, code: string) => Promise<void>;
  /** Shown under the button on the phone step (links, agreement, social icons). */
  children?: ReactNode;
}

/** Phone number → image captcha → SMS code: shared by login and both bind-mobile pages. */
export function MobileCodeFlow(props: MobileCodeFlowProps) {
  const { heading, placeholder, scene, submitText, beforeSend, onSubmit, children } = props;
  const [mobile, setMobile] = useState('');
  const [step, setStep] = useState<'mobile' | 'sms'>('mobile');
  const smsCode = useSmsCodeRequest({ mobile, scene, onSent: () => setStep('sms') });

  const requestCode = () => {
    if (!mobile) return;
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (beforeSend && !beforeSend()) return;
    smsCode.openCaptcha();
  };

  return (
    <div className="kz-auth">
      {step === 'mobile' ? (
        <section className="kz-auth-step">
          <h1 className="kz-auth-heading">{heading}</h1>
          <label className="kz-field">
            <span className="kz-field-label">手机号</span>
            <Input
              className="kz-field-input"
              type="tel"
              inputMode="numeric"
              placeholder={placeholder}
              value={mobile}
              onChange={(v) => setMobile(v.trim())}
              clearable
              maxLength={11}
              autoComplete="tel"
              onEnterPress={requestCode}
            />
          </label>
          <RequestSmsCodeButton faded={!mobile} onClick={requestCode} />
          {children}
        </section>
      ) : (
        <SmsStep
          mobile={mobile}
          submitText={submitText}
          sendKey={smsCode.sendKey}
          onResend={smsCode.openCaptcha}
          onSubmit={(code) => onSubmit(mobile, code)}
        />
      )}
      <LazyCaptchaDialog {...smsCode.captchaDialogProps} />
    </div>
  );
}
