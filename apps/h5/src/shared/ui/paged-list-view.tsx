import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { Key, ReactNode } from 'react';
import type { PagedList } from '@/shared/hooks/use-paged-list';
import { infiniteFooter, ListSkeleton, LoadFailed } from './list-states';
import { PullToRefresh } from './pull-to-refresh';

export interface PagedRowsProps<T> {
  list: PagedList<T>;
  /** Class of the `<ul>` holding the rows. */
  className: string;
  rowKey: (item: T) => Key;
  renderRow: (item: T) => ReactNode;
}

/** The loaded rows of a paged list, one `<li>` each, with the infinite-scroll footer below. */
export function PagedRows<T>({ list, className, rowKey, renderRow }: PagedRowsProps<T>) {
  return (
    <>
      <ul className={className}>
        {list.items.map((item) => (
          <li key={rowKey(item)}>{renderRow(item)}</li>
        ))}
      </ul>
      <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
        {infiniteFooter}
      </InfiniteScroll>
    </>
  );
}

export interface RefreshablePagedListProps<T> extends PagedRowsProps<T> {
  /** Shown instead of the rows when the first page is empty. */
  empty: ReactNode;
}

/** A paged list with every state: skeleton, retry, empty, and rows under pull-to-refresh. */
export function RefreshablePagedList<T>({ empty, ...rows }: RefreshablePagedListProps<T>) {
  const { list } = rows;
  return (
    <>
      {list.status === 'loading' ? <ListSkeleton /> : null}
      {list.status === 'error' ? <LoadFailed onRetry={list.retry} /> : null}
      {list.status === 'ready' ? (
        <PullToRefresh onRefresh={list.refresh}>
          {list.items.length === 0 ? empty : <PagedRows {...rows} />}
        </PullToRefresh>
      ) : null}
    </>
  );
}
