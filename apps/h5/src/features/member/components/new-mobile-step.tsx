import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useCaptchaImage } from '@/shared/verification/get-captcha-image';
import { sendSms } from '@/shared/verification/send-sms';
import { SMS_COUNTDOWN_SECONDS } from '@/shared/verification/sms-step';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { useCountdown } from '../hooks/use-countdown';
import './member-components.css';
import { Spinner } from '@/shared/ui/spinner';

export interface NewMobileStepProps {
  /** Sends the change; rejects (after the HTTP client's toast) to stay on the form. */
  onSubmit: (mobile: string, code: string) => Promise<void>;
}

/** Second step of changing the mobile: new number, image captcha and SMS code on one form. */
export function NewMobileStep({ onSubmit }: NewMobileStepProps) {
  const [mobile, setMobile] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [code, setCode] = useState('');
  const image = useCaptchaImage();
  const captcha = image.captcha;
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown(SMS_COUNTDOWN_SECONDS);

  const refreshCaptcha = () => {
    setCaptchaAnswer('');
    image.refresh();
  };

  const send = async () => {
    if (sending || countdown.seconds > 0) return;
    if (!mobile) {
      showToast('请输入新手机号');
      return;
    }
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (!captchaAnswer || !captcha) {
      showToast('请输入图形验证码');
      return;
    }
    setSending(true);
    try {
      await sendSms({ mobile, image_key: captcha.key, image_captcha: captchaAnswer, scene: 'mobile_bind' });
      countdown.start();
    } catch {
      await refreshCaptcha();
    } finally {
      setSending(false);
    }
  };

  const ready = Boolean(mobile && captchaAnswer && code);

  const submit = async () => {
    if (!ready || submitting) return;
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(mobile, code);
    } catch {
      // The server's reason is on screen; the form stays for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="kz-auth-step">
      <h1 className="kz-auth-heading">换绑手机号</h1>
      <label className="kz-field">
        <span className="kz-field-label">新手机号</span>
        <Input
          className="kz-field-input"
          type="tel"
          inputMode="numeric"
          placeholder="请输入新的手机号码"
          value={mobile}
          onChange={(v) => setMobile(v.trim())}
          clearable
          maxLength={11}
          autoComplete="tel"
        />
      </label>
      <div className="kz-field kz-field--row">
        <label className="kz-field-grow">
          <span className="kz-field-label">验证码</span>
          <Input
            className="kz-field-input"
            placeholder="请输入图形验证码"
            aria-label="图形验证码"
            value={captchaAnswer}
            onChange={setCaptchaAnswer}
            maxLength={8}
            autoComplete="off"
          />
        </label>
        <button
          type="button"
          className="kz-inline-captcha"
          aria-label="刷新验证码"
          onClick={() => void refreshCaptcha()}
        >
          {captcha ? <img src={captcha.img} alt="图形验证码" /> : <span>点击加载</span>}
        </button>
      </div>
      <div className="kz-field kz-field--row">
        <label className="kz-field-grow">
          <span className="kz-field-label">验证码</span>
          <Input
            className="kz-field-input"
            placeholder="请输入短信验证码"
            aria-label="短信验证码"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </label>
        <button
          type="button"
          className="kz-inline-send"
          onClick={() => void send()}
          disabled={sending || countdown.seconds > 0}
          aria-live="polite"
        >
          {sending ? (
            <Spinner size={18} label="发送中" />
          ) : countdown.seconds > 0 ? (
            `${countdown.seconds}s`
          ) : (
            '获取验证码'
          )}
        </button>
      </div>
      <Button
        block
        color="primary"
        size="large"
        className={ready ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
        loading={submitting}
        onClick={() => void submit()}
      >
        立即绑定
      </Button>
    </section>
  );
}
