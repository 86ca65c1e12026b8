import type { LaravelPage } from '@kezhan/contract/envelope';

export interface LaravelPageInput<T> {
  /** Relative request path without a leading slash, e.g. `api/v2/courses` (as Laravel gives it). */
  path: string;
  page: number;
  perPage: number;
  total: number;
  items: T[];
}

const ON_EACH_SIDE = 3;

/** Laravel's UrlWindow: every page when there are few, else the ends plus a window with `...`. */
function pageElements(current: number, last: number): (number[] | '...')[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last < ON_EACH_SIDE * 2 + 8) return [range(1, last)];
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [range(1, window + ON_EACH_SIDE), '...', range(last - 1, last)];
  if (current > last - window) return [range(1, 2), '...', range(last - (window + ON_EACH_SIDE - 1), last)];
  return [
    range(1, 2),
    '...',
    range(current - ON_EACH_SIDE, current + ON_EACH_SIDE),
    '...',
    range(last - 1, last),
  ];
}

/** The Laravel length-aware paginator JSON, for courses and orders. */
export function laravelPage<T>({ path, page, perPage, total, items }: LaravelPageInput<T>): LaravelPage<T> {
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const url = (n: number) => `${path}?page=${n}`;
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const links: LaravelPage<T>['links'] = [{ url: prev, label: '&laquo; 上一页', active: false }];
  for (const element of pageElements(page, lastPage)) {
    if (element === '...') links.push({ url: null, label: '...', active: false });
    else for (const n of element) links.push({ url: url(n), label: String(n), active: n === page });
  }
  links.push({ url: next, label: '下一页 &raquo;', active: false });
  return {
    current_page: page,
    data: items,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}
