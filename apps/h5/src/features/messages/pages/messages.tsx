import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import type { MemberMessage } from '@kezhan/contract/messages';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { NavHeader } from '@/shared/layout/nav-header';
import { EmptyAction, EmptyState, ErrorState } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { changeTime } from '@/shared/utils/time';
import { getMessages, MESSAGES_PAGE_SIZE } from '../api/get-messages';
import { markAllMessagesRead } from '../api/mark-all-messages-read';
import { markMessageRead } from '../api/mark-message-read';
import './messages.css';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';

const fetchPage = async (page: number, signal?: AbortSignal) =>
  (await getMessages(page, MESSAGES_PAGE_SIZE, signal)).data.data;
const messageId = (message: MemberMessage) => message.id;

/** My messages: paged list, read on tap, all read at once, pull to refresh. */
export default function MessagesPage() {
  useDocumentTitle('我的消息');
  const list = usePagedList(fetchPage, MESSAGES_PAGE_SIZE, 'messages', { idOf: messageId });
  const { items, status, hasMore, loadMore, retry, updateItems } = list;
  const [markingAll, setMarkingAll] = useState(false);

  const open = async (message: MemberMessage) => {
    if (message.read_at) return;
    try {
      await markMessageRead(message.id);
    } catch {
      return;
    }
    const readAt = new Date().toISOString();
    updateItems((current) => current.map((m) => (m.id === message.id ? { ...m, read_at: readAt } : m)));
  };

  const hasUnread = items.some((m) => !m.read_at);

  const markAll = async () => {
    if (!hasUnread || markingAll) return;
    setMarkingAll(true);
    try {
      await markAllMessagesRead();
      const readAt = new Date().toISOString();
      updateItems((current) => current.map((m) => (m.read_at ? m : { ...m, read_at: readAt })));
      showToast('已全部标为已读');
    } catch {
      // The HTTP client has shown why.
    } finally {
      setMarkingAll(false);
    }
  };

  return (
    <div className="kz-page">
      <NavHeader
        title="我的消息"
        right={
          status === 'ready' && items.length > 0 ? (
            <button
              type="button"
              className="kz-messages-all"
              disabled={!hasUnread || markingAll}
              onClick={() => void markAll()}
            >
              全部已读
            </button>
          ) : null
        }
      />
      {status === 'loading' ? (
        <div className="kz-messages-skeleton" role="status" aria-label="加载中">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="kz-message">
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))}
        </div>
      ) : null}
      {status === 'error' ? (
        <ErrorState title="加载失败" description="请检查网络后重试">
          <Button color="primary" onClick={retry}>
            重新加载
          </Button>
        </ErrorState>
      ) : null}
      {status === 'ready' ? (
        <PullToRefresh onRefresh={list.refresh}>
          {items.length === 0 ? (
            <EmptyState text="暂无消息">
              <EmptyAction to="/vod">去选课</EmptyAction>
            </EmptyState>
          ) : (
            <>
              <ul className="kz-messages" aria-label="消息列表">
                {items.map((message) => (
                  <li key={message.id}>
                    <button
                      type="button"
                      className={message.read_at ? 'kz-message kz-message--read' : 'kz-message'}
                      onClick={() => void open(message)}
                    >
                      {message.read_at ? null : <span className="kz-message-dot" aria-label="未读" />}
                      <span className="kz-message-text">{message.data.message}</span>
                      <time className="kz-message-time" dateTime={message.created_at}>
                        {changeTime(message.created_at)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
              <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
                {(more, failed, retryMore) =>
                  failed ? (
                    <button type="button" className="kz-messages-retry" onClick={() => void retryMore()}>
                      加载失败，点击重试
                    </button>
                  ) : more ? (
                    <span>加载中…</span>
                  ) : (
                    <span>已经到底了</span>
                  )
                }
              </InfiniteScroll>
            </>
          )}
        </PullToRefresh>
      ) : null}
    </div>
  );
}
