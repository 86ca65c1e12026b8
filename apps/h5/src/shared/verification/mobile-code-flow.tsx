import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type ReactNode } from 'react';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { sendSms, type SmsScene } from './send-sms';
import { CaptchaDialog } from './captcha-dialog';
import { SmsStep } from './sms-step';
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
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sendKey, setSendKey] = useState(0);

  const requestCode = () => {
    if (!mobile) return;
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (beforeSend && !beforeSend()) return;
    setCaptchaOpen(true);
  };

  const send = async (imageKey: string, imageCaptcha: string) => {
    try {
      await sendSms({ mobile, image_key: imageKey, image_captcha: imageCaptcha, scene });
    } catch {
      return false;
    }
    setCaptchaOpen(false);
    setStep('sms');
    setSendKey((k) => k + 1);
    return true;
  };

  return (
    <div className="kz-auth">
      {step === 'mobile' ? (
        <section className="kz-auth-step">
          <h2 className="kz-auth-heading">{heading}</h2>
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
          <Button
            block
            color="primary"
            size="large"
            className={mobile ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
            onClick={requestCode}
          >
            获取短信验证码
          </Button>
          {children}
        </section>
      ) : (
        <SmsStep
          mobile={mobile}
          submitText={submitText}
          sendKey={sendKey}
          onResend={() => setCaptchaOpen(true)}
          onSubmit={(code) => onSubmit(mobile, code)}
        />
      )}
      <CaptchaDialog visible={captchaOpen} onCancel={() => setCaptchaOpen(false)} onConfirm={send} />
    </div>
  );
}
