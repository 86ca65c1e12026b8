import { BindMobileScreen } from '@/shared/verification/bind-mobile-screen';
import { bindMobile } from '../api/bind-mobile';
import { useFinishAccountChange } from '../hooks/use-finish-account-change';

/** Bind a mobile from the profile, for accounts that signed up socially. */
export default function ChangeMobilePage() {
  const finishAccountChange = useFinishAccountChange();

  return (
    <BindMobileScreen
      onSubmit={async (mobile, code) => {
        await bindMobile({ mobile, mobile_code: code });
        await finishAccountChange();
      }}
    />
  );
}
