import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import './home.css';

const ENTRIES = [
  { to: '/vod', name: '全部课程', color: '#3ca7fa', glyph: '课' },
  { to: '/role', name: '会员中心', color: '#e2a500', glyph: 'V' },
  { to: '/member/order', name: '我的订单', color: '#ff7a45', glyph: '单' },
  { to: '/messages', name: '我的消息', color: '#04c877', glyph: '信' },
];

export default function HomePage() {
  const name = useAppStore((s) => s.config.name);
  useDocumentTitle(name || '首页');
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState('');

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
    <main className="kz-home">
      <header className="kz-home-top">
        <div className="kz-home-brand">{name || '课栈'}</div>
        <form className="kz-home-search" role="search" onSubmit={search}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
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

      <section className="kz-home-hero">
        <div>
          <h2>精选好课，随时随地学</h2>
          <p>名师录播课程，手机上也能系统学习</p>
        </div>
        <Link to="/vod" className="kz-home-hero-btn">
          浏览课程
        </Link>
      </section>

      <nav className="kz-home-grid" aria-label="快捷入口">
        {ENTRIES.map((entry) => (
          <Link key={entry.to} to={entry.to} className="kz-home-entry">
            <span className="kz-home-entry-icon" style={{ background: entry.color }} aria-hidden="true">
              {entry.glyph}
            </span>
            <span>{entry.name}</span>
          </Link>
        ))}
      </nav>

      <footer className="kz-home-support">课栈提供技术支持</footer>
    </main>
  );
}
