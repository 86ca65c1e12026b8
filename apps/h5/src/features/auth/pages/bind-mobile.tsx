import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { clearTmpToken, getTmpToken, getToken } from '@/shared/storage/storage';
import { bindMobile } from '../api/bind-mobile';
import { MobileCodeFlow } from '@/shared/verification/mobile-code-flow';
import { useBindMobileFinish } from '../hooks/use-bind-mobile-finish';

/** Forced binding after login: the parked temporary token travels in the body. */
export default function BindMobilePage() {
  useDocumentTitle('绑定手机号');
  const finish = useBindMobileFinish();

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <MobileCodeFlow
        heading="绑定手机号"
        placeholder="请输入您的手机号"
        scene="mobile_bind"
        submitText="绑定"
        onSubmit={async (mobile, code) => {
          const tmpToken = getTmpToken();
          await bindMobile({ mobile, mobile_code: code, ...(tmpToken ? { token: tmpToken } : {}) });
          clearTmpToken();
          await finish(tmpToken || getToken());
        }}
      />
    </div>
  );
}
