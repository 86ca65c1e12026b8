import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { sendSms } from '@/shared/verification/send-sms';
import { CaptchaDialog } from '@/shared/verification/captcha-dialog';
import { SmsStep } from '@/shared/verification/sms-step';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { changeMobile } from '../api/change-mobile';
import { verifyMobile } from '../api/verify-mobile';
import { NewMobileStep } from '../components/new-mobile-step';
import { useLeavePage } from '../hooks/use-leave-page';
import { useRefreshUser } from '../hooks/use-refresh-user';
import './member.css';

type Step = 'old' | 'sms' | 'new';

/** Change the mobile (screens §2.20): prove the old number, then bind the new one with the ticket. */
export default function MobileVerifyPage() {
  useDocumentTitle('验证原手机号');
  const user = useAppStore((s) => s.user);
  const refreshUser = useRefreshUser();
  const leave = useLeavePage();
  const [step, setStep] = useState<Step>('old');
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sendKey, setSendKey] = useState(0);
  const [sign, setSign] = useState('');
  const mobile = user?.mobile ?? '';

  const requestCode = () => {
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    setCaptchaOpen(true);
  };

  const send = async (imageKey: string, imageCaptcha: string) => {
    try {
      await sendSms({ mobile, image_key: imageKey, image_captcha: imageCaptcha, scene: 'mobile_bind' });
    } catch {
      return false;
    }
    setCaptchaOpen(false);
    setStep('sms');
    setSendKey((k) => k + 1);
    return true;
  };

  const verify = async (code: string) => {
    const res = await verifyMobile({ mobile, mobile_code: code });
    setSign(res.data.sign);
    showToast('成功');
    setStep('new');
  };

  const change = async (newMobile: string, code: string) => {
    await changeMobile({ mobile: newMobile, mobile_code: code, sign });
    showToast('成功');
    await refreshUser().catch(() => undefined);
    leave();
  };

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">
        {step === 'old' ? (
          <section className="kz-auth-step">
            <h2 className="kz-auth-heading">验证原手机号</h2>
            <p className="kz-member-mobile-line">
              原手机号 <span>{mobile}</span>
            </p>
            <Button block color="primary" size="large" className="kz-auth-submit" onClick={requestCode}>
              获取短信验证码
            </Button>
          </section>
        ) : null}
        {step === 'sms' ? (
          <SmsStep
            mobile={mobile}
            submitText="绑定"
            sendKey={sendKey}
            onResend={() => setCaptchaOpen(true)}
            onSubmit={verify}
          />
        ) : null}
        {step === 'new' ? <NewMobileStep onSubmit={change} /> : null}
      </div>
      <CaptchaDialog visible={captchaOpen} onCancel={() => setCaptchaOpen(false)} onConfirm={send} />
    </div>
  );
}
