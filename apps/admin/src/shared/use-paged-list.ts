import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { api } from './http';
import { useLoad } from './use-load';

/** One page of a console list, as the `/api/admin/…` list endpoints answer. */
export interface Page<Row> {
  data: Row[];
  total: number;
}

type PageQuery = { page?: unknown; page_size?: unknown };

/** GETs one page of the list at `path`; the query's filters go into the URL as they are. */
export const fetchPage = <Answer = Page<unknown>>(path: string, query: PageQuery) =>
  api<Answer>('GET', path, { query: query as Record<string, string | number | undefined> });

/**
 * A paged, filtered list: the query (page, page size, filters) and its loaded page, with the
 * pagination for an antd Table. A new filter goes back to page 1. `filters` are the ones it starts with.
 */
export function usePagedList<Query extends PageQuery, Row>(
  load: (query: Query) => Promise<Page<Row>>,
  pageSize = 20,
  filters?: Partial<Query>,
) {
  const [query, setQuery] = useState({ ...filters, page: 1, page_size: pageSize } as Query);
  const list = useLoad(() => load(query), JSON.stringify(query));
  const filter = (patch: Partial<Query>) => setQuery((current) => ({ ...current, page: 1, ...patch }));
  const goTo = (page: number, size = Number(query.page_size)) =>
    setQuery((current) => ({ ...current, page, page_size: size }));
  const pagination: TablePaginationConfig = {
    current: Number(query.page),
    pageSize: Number(query.page_size),
    total: list.data?.total ?? 0,
    onChange: goTo,
  };
  return { ...list, query, filter, goTo, pagination };
}
