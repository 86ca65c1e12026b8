import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppStore } from '@/shared/store/app-store';
import { ContinueLearning } from '@/shared/ui/continue-learning';
import { LatestAnnouncement } from '@/shared/ui/latest-announcement';
import { showToast } from '@/shared/ui/toast';
import { useLastLearned, usePageBlocks } from '../api/queries';
import { PageBlock } from '../components/page-blocks';
import './home.css';

function HomeSkeleton() {
  return (
    <div className="kz-home-skeleton" role="status" aria-label="加载中">
      <span className="kz-home-skeleton-banner" />
      <span className="kz-home-skeleton-grid">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} />
        ))}
      </span>
      <span className="kz-home-skeleton-row" />
      <span className="kz-home-skeleton-row" />
    </div>
  );
}

export default function HomePage() {
  const name = useAppStore((s) => s.config.name);
  useDocumentTitle(name || '首页');
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState('');
  const blocks = usePageBlocks();
  const isLogin = useAppStore((s) => s.isLogin);
  const memberId = useAppStore((s) => s.user?.id ?? null);
  const last = useLastLearned(isLogin ? memberId : null).data ?? null;

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const text = keywords.trim();
    if (!text) {
      showToast('请输入关键字后再搜索');
      return;
    }
    navigate(`/search?keywords=${encodeURIComponent(text)}`);
  };

  return (
    <div className="kz-home">
      <header className="kz-home-top">
        <h1 className="kz-home-brand">{name || '课栈'}</h1>
        <form className="kz-home-search" role="search" onSubmit={search}>
          <button type="submit" className="kz-home-search-icon" aria-label="搜索">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <input
            type="search"
            aria-label="搜索关键词"
            placeholder="搜索关键词"
            value={keywords}
            onChange={(e) => setKeywords(e.target.value)}
            enterKeyHint="search"
          />
        </form>
      </header>

      <LatestAnnouncement />
      {last ? <ContinueLearning data={last} /> : null}
      {blocks.loading ? <HomeSkeleton /> : null}
      {blocks.error !== undefined ? (
        <div className="kz-home-failed" role="alert">
          <p>首页内容加载失败，请检查网络后重试</p>
          <button type="button" onClick={blocks.refetch}>
            重新加载
          </button>
        </div>
      ) : null}
      {blocks.data ? (
        <div className="kz-home-blocks">
          {blocks.data.map((block, i) => (
            <PageBlock key={block.id ?? i} block={block} />
          ))}
        </div>
      ) : null}

      {blocks.data ? <footer className="kz-home-support">课栈提供技术支持</footer> : null}
    </div>
  );
}
