import type { SearchItem } from '@kezhan/contract/courses';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { BackButton } from '@/shared/layout/nav-header';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { PagedRows } from '@/shared/ui/paged-list-view';
import { showToast } from '@/shared/ui/toast';
import { search } from '../api/search';
import { Highlight } from '../utils/highlight';
import { addToHistory, clearHistory, readHistory } from '../utils/search-history';
import './search.css';

export const SEARCH_PAGE_SIZE = 10;

const TYPES = [
  { key: '0', label: '全部' },
  { key: 'vod', label: '录播课' },
  { key: 'video', label: '录播视频' },
];

const TYPE_LABELS: Record<string, string> = {
  video: '录播视频',
  vod: '录播课',
  live: '直播课',
  topic: '图文',
  book: '电子书',
  paper: '试卷',
  practice: '练习',
};

function resultLink(item: SearchItem): string | null {
  const id = item.resource_id || item.id;
  if (item.resource_type === 'vod') return `/vod/detail?id=${id}`;
  if (item.resource_type === 'video') return `/vod/video?id=${id}`;
  return null;
}

function SearchResult({ item, keywords }: { item: SearchItem; keywords: string }) {
  const to = resultLink(item);
  const snippet = item.p || item.short_desc;
  const body = (
    <>
      <span className="kz-search-type">{TYPE_LABELS[item.resource_type] ?? '其它'}</span>
      <span className="kz-search-title">
        <Highlight text={item.title} keywords={keywords} />
      </span>
      {snippet ? (
        <span className="kz-search-snippet">
          <Highlight text={snippet} keywords={keywords} />
        </span>
      ) : null}
    </>
  );
  return to ? (
    <Link to={to} className="kz-search-result">
      {body}
    </Link>
  ) : (
    <div className="kz-search-result">{body}</div>
  );
}

function Results({ keywords, type }: { keywords: string; type: string }) {
  const fetchPage = useCallback(
    async (page: number) => (await search({ keywords, type, page, size: SEARCH_PAGE_SIZE })).data.data,
    [keywords, type],
  );
  const list = usePagedList<SearchItem>(fetchPage, SEARCH_PAGE_SIZE, `search|${type}|${keywords}`);
  if (list.status === 'loading') return <ListSkeleton thumb={false} />;
  if (list.status === 'error') return <LoadFailed onRetry={list.retry} />;
  if (list.items.length === 0) return <EmptyState text="没有找到相关内容，换个关键词试试" />;
  return (
    <PagedRows
      list={list}
      className="kz-search-results"
      rowKey={(item) => `${item.resource_type}-${item.id}`}
      renderRow={(item) => <SearchResult item={item} keywords={keywords} />}
    />
  );
}

export default function SearchPage() {
  useDocumentTitle('搜索');
  const [params, setParams] = useSearchParams();
  const keywords = (params.get('keywords') ?? '').trim();
  const type = TYPES.some((t) => t.key === params.get('type')) ? params.get('type')! : '0';
  const [text, setText] = useState(keywords);
  const [history, setHistory] = useState(readHistory);

  useEffect(() => {
    setText(keywords);
    if (keywords) setHistory(addToHistory(keywords));
  }, [keywords]);

  const go = (words: string, nextType = type) => {
    const next = new URLSearchParams();
    next.set('keywords', words);
    if (nextType !== '0') next.set('type', nextType);
    setParams(next, { replace: true });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const words = text.trim();
    if (!words) {
      void showToast('请输入关键字后再搜索');
      return;
    }
    go(words);
  };

  return (
    <div className="kz-search-page">
      <h1 className="kz-visually-hidden">搜索</h1>
      <header className="kz-search-header">
        <BackButton className="kz-search-back" />
        <form className="kz-search-form" role="search" onSubmit={submit}>
          <input
            type="search"
            aria-label="搜索关键词"
            placeholder="搜索关键词"
            value={text}
            onChange={(e) => setText(e.target.value)}
            enterKeyHint="search"
            // The visitor opened the search page to type: focus the empty field, not a result list.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!keywords}
          />
          <button type="submit">搜索</button>
        </form>
      </header>

      {keywords ? (
        <>
          <div className="kz-search-types" role="tablist" aria-label="搜索范围">
            {TYPES.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                aria-selected={t.key === type}
                className={t.key === type ? 'kz-search-tab kz-search-tab--active' : 'kz-search-tab'}
                onClick={() => go(keywords, t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <Results keywords={keywords} type={type} />
        </>
      ) : (
        <section className="kz-search-history" aria-label="搜索历史">
          <div className="kz-search-history-head">
            <h2>搜索历史</h2>
            {history.length ? (
              <button
                type="button"
                onClick={() => {
                  clearHistory();
                  setHistory([]);
                }}
              >
                清空
              </button>
            ) : null}
          </div>
          {history.length ? (
            <ul>
              {history.map((word) => (
                <li key={word}>
                  <button type="button" onClick={() => go(word)}>
                    {word}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="kz-search-history-empty">暂无搜索历史</p>
          )}
        </section>
      )}
    </div>
  );
}
