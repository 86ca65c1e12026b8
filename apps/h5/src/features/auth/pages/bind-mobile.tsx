import { clearTmpToken, getTmpToken, getToken } from '@/shared/storage/storage';
import { BindMobileScreen } from '@/shared/verification/bind-mobile-screen';
import { bindMobile } from '../api/bind-mobile';
import { useBindMobileFinish } from '../hooks/use-bind-mobile-finish';

/** Forced binding after login: the parked temporary token travels in the body. */
export default function BindMobilePage() {
  const finish = useBindMobileFinish();

  return (
    <BindMobileScreen
      onSubmit={async (mobile, code) => {
        const tmpToken = getTmpToken();
        await bindMobile({ mobile, mobile_code: code, ...(tmpToken ? { token: tmpToken } : {}) });
        clearTmpToken();
        await finish(tmpToken || getToken());
      }}
    />
  );
}
