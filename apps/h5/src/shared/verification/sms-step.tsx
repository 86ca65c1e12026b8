import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useEffect, useState } from 'react';
import { showToast } from '@/shared/ui/toast';
import './verification.css';

/** A new SMS can be requested after 120 seconds. */
export const SMS_COUNTDOWN_SECONDS = 120;

export interface SmsStepProps {
  mobile: string;
  /** 登录/注册, 绑定 or 确定. */
  submitText: string;
  /** Changes on every successful send and restarts the countdown. */
  sendKey: number;
  onResend: () => void;
  onSubmit: (code: string) => Promise<void>;
}

export function SmsStep({ mobile, submitText, sendKey, onResend, onSubmit }: SmsStepProps) {
  const [code, setCode] = useState('');
  const [seconds, setSeconds] = useState(SMS_COUNTDOWN_SECONDS);
  const [submitting, setSubmitting] = useState(false);

  // Each new send (a new `sendKey`) restarts the countdown (set while rendering, not in an effect).
  const [countingFor, setCountingFor] = useState(sendKey);
  if (countingFor !== sendKey) {
    setCountingFor(sendKey);
    setSeconds(SMS_COUNTDOWN_SECONDS);
  }

  useEffect(() => {
    const timer = window.setInterval(() => {
      setSeconds((s) => {
        if (s <= 1) {
          window.clearInterval(timer);
          return 0;
        }
        return s - 1;
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sendKey]);

  const submit = async () => {
    if (!code) {
      showToast('请输入短信验证码');
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(code);
    } catch {
      // The HTTP client has shown the server's message; stay on this step for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="kz-auth-step">
      <h1 className="kz-auth-heading">输入短信验证码</h1>
      <div className="kz-sms-sent">
        <span>验证码已发送至{mobile}</span>
        {seconds > 0 ? (
          <span className="kz-sms-countdown" aria-live="polite">
            {seconds}s
          </span>
        ) : (
          <button type="button" className="kz-link" onClick={onResend}>
            重新发送
          </button>
        )}
      </div>
      <label className="kz-field">
        <span className="kz-field-label">验证码</span>
        <Input
          className="kz-field-input"
          placeholder="请输入短信验证码"
          value={code}
          onChange={setCode}
          clearable
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onEnterPress={() => void submit()}
        />
      </label>
      <Button
        block
        color="primary"
        size="large"
        className={code ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
        loading={submitting}
        onClick={() => void submit()}
      >
        {submitText}
      </Button>
    </section>
  );
}
