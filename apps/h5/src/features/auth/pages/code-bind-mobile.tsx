import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { clearLoginCode, getLoginCode } from '@/shared/storage/storage';
import { registerWithSocialite } from '../api/register-with-socialite';
import { MobileCodeFlow } from '@/shared/verification/mobile-code-flow';
import { useBindMobileFinish } from '../hooks/use-bind-mobile-finish';

/** Binding after a social login that needs a mobile: creates the account with the login code. */
export default function CodeBindMobilePage() {
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
          const res = await registerWithSocialite({ mobile, mobile_code: code, code: getLoginCode() });
          clearLoginCode();
          await finish(res.data.token);
        }}
      />
    </div>
  );
}
