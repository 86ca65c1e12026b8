import type { ViewBlock } from '@kezhan/contract/courses';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppStore } from '@/shared/store/app-store';
import { ContinueLearning, continueFromRow, type ContinueLearningData } from '@/shared/ui/continue-learning';
import { LatestAnnouncement } from '@/shared/ui/latest-announcement';
import { showToast } from '@/shared/ui/toast';
import { getLastLearned } from '../api/get-last-learned';
import { getPageBlocks } from '../api/get-page-blocks';
import { PageBlock } from '../components/page-blocks';
import './home.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; blocks: ViewBlock[] };

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
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    getPageBlocks({ quiet: true })
      .then((res) => {
        if (alive) setLoad({ status: 'ready', blocks: Array.isArray(res.data) ? res.data : [] });
      })
      .catch(() => {
        if (alive) setLoad({ status: 'error' });
      });
    return () => {
      alive = false;
    };
  }, [attempt]);

  const isLogin = useAppStore((s) => s.isLogin);
  const [last, setLast] = useState<ContinueLearningData | null>(null);
  useEffect(() => {
    if (!isLogin) {
      setLast(null);
      return;
    }
    let alive = true;
    getLastLearned({ quiet: true })
      .then((res) => {
        const row = res.data.data?.[0];
        if (alive) setLast(row ? continueFromRow(row) : null);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [isLogin]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);

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
      {load.status === 'loading' ? <HomeSkeleton /> : null}
      {load.status === 'error' ? (
        <div className="kz-home-failed" role="alert">
          <p>首页内容加载失败，请检查网络后重试</p>
          <button type="button" onClick={retry}>
            重新加载
          </button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <div className="kz-home-blocks">
          {load.blocks.map((block, i) => (
            <PageBlock key={block.id ?? i} block={block} />
          ))}
        </div>
      ) : null}

      {load.status === 'ready' ? <footer className="kz-home-support">课栈提供技术支持</footer> : null}
    </div>
  );
}
