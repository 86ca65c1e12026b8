import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { safeRedirect } from '@/shared/utils/url';
import { loginMobile } from '../api/login-mobile';
import { MobileCodeFlow } from '@/shared/verification/mobile-code-flow';
import { ProtocolCheckbox } from '../components/protocol-checkbox';
import { SocialLogin } from '../components/social-login';
import { leaveLogin, useCompleteLogin } from '../hooks/use-complete-login';

export default function LoginPage() {
  useDocumentTitle('快捷登录/注册');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const config = useAppStore((s) => s.config);
  const [agreed, setAgreed] = useState(false);
  const completeLogin = useCompleteLogin();

  const passwordHref = redirect
    ? `/login-password?redirect=${encodeURIComponent(redirect)}`
    : '/login-password';

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <MobileCodeFlow
        heading="登录/注册"
        placeholder="请输入手机号码"
        scene="login"
        submitText="登录/注册"
        beforeSend={() => {
          if (!agreed) showToast('请同意协议');
          return agreed;
        }}
        onSubmit={async (mobile, code) => {
          const res = await loginMobile({ mobile, mobile_code: code });
          await completeLogin(res.data.token, () => leaveLogin(navigate, redirect, 1));
        }}
      >
        <div className="kz-auth-links">
          <Link to={passwordHref} className="kz-link">
            使用密码登录
          </Link>
        </div>
        <ProtocolCheckbox
          checked={agreed}
          onChange={setAgreed}
          userProtocol={config.user_protocol}
          privateProtocol={config.user_private_protocol}
        />
        <SocialLogin config={config} redirect={redirect} agreed={agreed} />
      </MobileCodeFlow>
    </div>
  );
}
