import type { Announcement } from '@kezhan/contract/announcements';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { getAnnouncement } from '../api/get-announcement';
import './announcements.css';
import { announcementTime } from './announcement-time';

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'missing' }
  | { status: 'ready'; item: Announcement };

/** One announcement: title, time and its text (`/announcement?id=`). */
export default function AnnouncementPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(load.status === 'ready' ? load.item.title : '公告');

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setLoad({ status: 'missing' });
      return;
    }
    let alive = true;
    getAnnouncement(id, { quiet: true })
      .then((res) => alive && setLoad({ status: 'ready', item: res.data }))
      .catch(
        (error: { code?: number }) => alive && setLoad({ status: error?.code === 404 ? 'missing' : 'error' }),
      );
    return () => {
      alive = false;
    };
  }, [id, attempt]);

  return (
    <div>
      <NavHeader title="公告" />
      {load.status === 'loading' ? <ListSkeleton rows={3} thumb={false} /> : null}
      {load.status === 'error' ? (
        <LoadFailed
          onRetry={() => {
            setLoad({ status: 'loading' });
            setAttempt((a) => a + 1);
          }}
        />
      ) : null}
      {load.status === 'missing' ? <EmptyState text="公告不存在或已删除" /> : null}
      {load.status === 'ready' ? (
        <article className="kz-announcement-page">
          <h1>{load.item.title}</h1>
          <time dateTime={load.item.created_at}>{announcementTime(load.item.created_at)}</time>
          {/* The server keeps only ordinary markup when an announcement is saved. */}
          <div
            className="kz-announcement-body"
            dangerouslySetInnerHTML={{ __html: load.item.announcement }}
          />
        </article>
      ) : null}
    </div>
  );
}
