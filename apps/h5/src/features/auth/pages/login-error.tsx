import Button from 'antd-mobile/es/components/button';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import '../components/auth.css';

export default function LoginErrorPage() {
  useDocumentTitle('登录失败');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The original read `msg`; the API sends `login_err_msg`.
  const message = params.get('msg') || params.get('login_err_msg') || '登录失败，请重试';

  return (
    <div className="kz-page kz-page--white">
      <NavHeader title="登录失败" noBorder />
      <div className="kz-result">
        <svg className="kz-result-icon kz-result-icon--error" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="currentColor" />
          <path d="M22 22l20 20M42 22 22 42" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <p className="kz-result-text" role="alert">
          {message}
        </p>
        <Button color="primary" className="kz-result-button" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
