import type { Announcement } from '@kezhan/contract/announcements';
import type { ViewBlock } from '@kezhan/contract/courses';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AnnouncementBar } from '@/shared/ui/latest-announcement';
import { showToast } from '@/shared/ui/toast';
import { PageBlock } from './page-blocks';

/** The site name and the search box at the top of the home page. */
function HomeTop({ name }: { name: string }) {
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
  );
}

export interface HomeScreenProps {
  /** The site name (config `name`). */
  name: string;
  announcement: Announcement | null;
  /** The 继续学习 card, in a slot whose place is kept for it while it is on its way. */
  continueCard?: ReactNode;
  /** What sits between the 公告 bar and the blocks: a skeleton or an error. */
  notice?: ReactNode;
  /** The decoration blocks, once they are in. */
  blocks?: ViewBlock[];
}

/**
 * The home page as the visitor sees it. The server draws its first screen from the same component
 * (src/first-screen), so the page it paints before the app starts is this page.
 */
export function HomeScreen({ name, announcement, continueCard, notice, blocks }: HomeScreenProps) {
  return (
    <div className="kz-home">
      <HomeTop name={name} />
      <AnnouncementBar announcement={announcement} />
      <div className="kz-continue-slot">{continueCard}</div>
      {notice}
      {blocks ? (
        <>
          <div className="kz-home-blocks">
            {blocks.map((block, i) => (
              <PageBlock key={block.id ?? i} block={block} />
            ))}
          </div>
          <footer className="kz-home-support">课栈提供技术支持</footer>
        </>
      ) : null}
    </div>
  );
}
