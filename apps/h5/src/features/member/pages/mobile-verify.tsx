import { useState } from 'react';
import { RequestSmsCodeButton } from '@/shared/verification/request-sms-code-button';
import { SmsStep } from '@/shared/verification/sms-step';
import { useSmsCodeRequest } from '@/shared/verification/use-sms-code-request';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { changeMobile } from '../api/change-mobile';
import { verifyMobile } from '../api/verify-mobile';
import { BoundMobileStep, MobileCheckPage } from '../components/mobile-check-page';
import { NewMobileStep } from '../components/new-mobile-step';
import { useFinishAccountChange } from '../hooks/use-finish-account-change';
import './member.css';

type Step = 'old' | 'sms' | 'new';

/** Change the mobile: prove the old number, then bind the new one with the ticket. */
export default function MobileVerifyPage() {
  useDocumentTitle('验证原手机号');
  const user = useAppStore((s) => s.user);
  const finishAccountChange = useFinishAccountChange();
  const [step, setStep] = useState<Step>('old');
  const [sign, setSign] = useState('');
  const mobile = user?.mobile ?? '';
  const smsCode = useSmsCodeRequest({ mobile, scene: 'mobile_bind', onSent: () => setStep('sms') });

  const requestCode = () => {
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    smsCode.openCaptcha();
  };

  const verify = async (code: string) => {
    const res = await verifyMobile({ mobile, mobile_code: code });
    setSign(res.data.sign);
    showToast('成功');
    setStep('new');
  };

  const change = async (newMobile: string, code: string) => {
    await changeMobile({ mobile: newMobile, mobile_code: code, sign });
    await finishAccountChange();
  };

  return (
    <MobileCheckPage captchaDialogProps={smsCode.captchaDialogProps}>
      {step === 'old' ? (
        <BoundMobileStep heading="验证原手机号" mobileLabel="原手机号" mobileText={mobile}>
          <RequestSmsCodeButton onClick={requestCode} />
        </BoundMobileStep>
      ) : null}
      {step === 'sms' ? (
        <SmsStep
          mobile={mobile}
          submitText="绑定"
          sendKey={smsCode.sendKey}
          onResend={smsCode.openCaptcha}
          onSubmit={verify}
        />
      ) : null}
      {step === 'new' ? <NewMobileStep onSubmit={change} /> : null}
    </MobileCheckPage>
  );
}
