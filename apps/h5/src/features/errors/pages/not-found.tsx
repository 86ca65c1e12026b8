import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import '@/shared/layout/layout.css';
import './errors.css';

export default function NotFoundPage() {
  useDocumentTitle('404');
  const navigate = useNavigate();
  return (
    <div className="kz-error-page">
      <svg className="kz-art" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle className="kz-art-soft" cx="60" cy="60" r="52" />
        <path
          className="kz-art-paper"
          d="M38 46h44v34H38z"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <circle cx="52" cy="60" r="4" fill="currentColor" />
        <circle cx="68" cy="60" r="4" fill="currentColor" />
        <path
          d="M50 72c6-4 14-4 20 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="kz-error-code">404</h1>
      <p className="kz-error-text">抱歉，您访问的页面不存在</p>
      <button type="button" className="kz-error-button" onClick={() => navigate('/', { replace: true })}>
        返回首页
      </button>
    </div>
  );
}
