import { clearLoginCode, getLoginCode } from '@/shared/storage/storage';
import { BindMobileScreen } from '@/shared/verification/bind-mobile-screen';
import { registerWithSocialite } from '../api/register-with-socialite';
import { useBindMobileFinish } from '../hooks/use-bind-mobile-finish';

/** Binding after a social login that needs a mobile: creates the account with the login code. */
export default function CodeBindMobilePage() {
  const finish = useBindMobileFinish();

  return (
    <BindMobileScreen
      onSubmit={async (mobile, code) => {
        const res = await registerWithSocialite({ mobile, mobile_code: code, code: getLoginCode() });
        clearLoginCode();
        await finish(res.data.token);
      }}
    />
  );
}
