import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { MobileCodeFlow, type MobileCodeFlowProps } from './mobile-code-flow';

export interface BindMobileScreenProps {
  /** Binds the verified number; rejects (after the HTTP client's toast) to stay on the SMS step. */
  onSubmit: MobileCodeFlowProps['onSubmit'];
}

/** The whole 绑定手机号 page: title, header and phone → image captcha → SMS code. */
export function BindMobileScreen({ onSubmit }: BindMobileScreenProps) {
  useDocumentTitle('绑定手机号');

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <MobileCodeFlow
        heading="绑定手机号"
        placeholder="请输入您的手机号"
        scene="mobile_bind"
        submitText="绑定"
        onSubmit={onSubmit}
      />
    </div>
  );
}
