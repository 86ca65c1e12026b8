import { useState } from 'react';
import type { CaptchaDialogProps } from './captcha-dialog';
import { sendSms, type SmsScene } from './send-sms';

export interface SmsCodeRequestOptions {
  mobile: string;
  scene: SmsScene;
  /** Runs once the SMS has gone out (typically: move on to the SMS step). */
  onSent: () => void;
}

export interface SmsCodeRequest {
  /** Opens the image captcha; its answer sends the SMS. */
  openCaptcha: () => void;
  /** Changes on every successful send; pass to SmsStep to restart its countdown. */
  sendKey: number;
  /** Spread onto CaptchaDialog. */
  captchaDialogProps: CaptchaDialogProps;
}

/** Image captcha → send the SMS → restart the countdown, shared by every page that sends a code. */
export function useSmsCodeRequest({ mobile, scene, onSent }: SmsCodeRequestOptions): SmsCodeRequest {
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sendKey, setSendKey] = useState(0);

  const sendWithCaptcha = async (imageKey: string, imageCaptcha: string) => {
    try {
      await sendSms({ mobile, image_key: imageKey, image_captcha: imageCaptcha, scene });
    } catch {
      return false;
    }
    setCaptchaOpen(false);
    onSent();
    setSendKey((k) => k + 1);
    return true;
  };

  return {
    openCaptcha: () => setCaptchaOpen(true),
    sendKey,
    captchaDialogProps: {
      visible: captchaOpen,
      onCancel: () => setCaptchaOpen(false),
      onConfirm: sendWithCaptcha,
    },
  };
}
