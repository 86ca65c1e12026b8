import type { AnnouncementListItem } from '@kezhan/contract/announcements';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { ANNOUNCEMENTS_PAGE_SIZE, getAnnouncements } from '../api/get-announcements';
import './announcements.css';
import { announcementTime } from './announcement-time';

type Status = 'loading' | 'ready' | 'error';

/** Every announcement, newest first, a page at a time (`/announcements`). */
export default function AnnouncementsPage() {
  useDocumentTitle('公告');
  const [items, setItems] = useState<AnnouncementListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>('loading');

  const loadPage = useCallback((next: number) => {
    setStatus('loading');
    getAnnouncements(next, { quiet: true })
      .then((res) => {
        setItems((current) => (next === 1 ? res.data.data : [...current, ...res.data.data]));
        setTotal(res.data.total);
        setPage(next);
        setStatus('ready');
      })
      .catch(() => setStatus('error'));
  }, []);

  useEffect(() => loadPage(1), [loadPage]);

  return (
    <div>
      <NavHeader title="公告" />
      {items.length > 0 ? (
        <ul className="kz-announcement-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/announcement?id=${item.id}`}>
                {item.title}
                <time dateTime={item.created_at}>{announcementTime(item.created_at)}</time>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'loading' ? <ListSkeleton rows={3} thumb={false} /> : null}
      {status === 'error' ? <LoadFailed onRetry={() => loadPage(items.length === 0 ? 1 : page + 1)} /> : null}
      {status === 'ready' && items.length === 0 ? <EmptyState text="暂无公告" /> : null}
      {status === 'ready' && items.length < total && items.length >= ANNOUNCEMENTS_PAGE_SIZE ? (
        <button type="button" className="kz-announcement-more-button" onClick={() => loadPage(page + 1)}>
          加载更多
        </button>
      ) : null}
    </div>
  );
}
