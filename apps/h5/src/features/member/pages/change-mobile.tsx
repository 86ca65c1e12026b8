import { MobileCodeFlow } from '@/shared/verification/mobile-code-flow';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { showToast } from '@/shared/ui/toast';
import { bindMobile } from '../api/bind-mobile';
import { useLeavePage } from '../hooks/use-leave-page';
import { useRefreshUser } from '../hooks/use-refresh-user';

/** Bind a mobile from the profile (screens §2.22), for accounts that signed up socially. */
export default function ChangeMobilePage() {
  useDocumentTitle('绑定手机号');
  const refreshUser = useRefreshUser();
  const leave = useLeavePage();

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <MobileCodeFlow
        heading="绑定手机号"
        placeholder="请输入您的手机号"
        scene="mobile_bind"
        submitText="绑定"
        onSubmit={async (mobile, code) => {
          await bindMobile({ mobile, mobile_code: code });
          showToast('成功');
          await refreshUser().catch(() => undefined);
          leave();
        }}
      />
    </div>
  );
}
