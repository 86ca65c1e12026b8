import type { ReactNode } from 'react';
import { NavHeader } from '@/shared/layout/nav-header';
import type { CaptchaDialogProps } from '@/shared/verification/captcha-dialog';
import { LazyCaptchaDialog } from '@/shared/verification/lazy-captcha-dialog';

export interface MobileCheckPageProps {
  captchaDialogProps: CaptchaDialogProps;
  /** The current step. */
  children: ReactNode;
}

/** Frame of the pages that text a code to the bound mobile: header, the step, the captcha dialog. */
export function MobileCheckPage({ captchaDialogProps, children }: MobileCheckPageProps) {
  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">{children}</div>
      <LazyCaptchaDialog {...captchaDialogProps} />
    </div>
  );
}

export interface BoundMobileStepProps {
  heading: string;
  /** 手机号 or 原手机号. */
  mobileLabel: string;
  mobileText: string;
  /** The form under the number, ending with the 获取短信验证码 button. */
  children: ReactNode;
}

/** First step: a heading and the bound number the code will go to. */
export function BoundMobileStep({ heading, mobileLabel, mobileText, children }: BoundMobileStepProps) {
  return (
    <section className="kz-auth-step">
      <h1 className="kz-auth-heading">{heading}</h1>
      <p className="kz-member-mobile-line">
        {mobileLabel} <span>{mobileText}</span>
      </p>
      {children}
    </section>
  );
}
