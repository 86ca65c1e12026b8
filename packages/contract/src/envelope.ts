/** Every API answer: `code` 0 is success; `message` is '' on success; `data` is `[]` when empty. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export type EmptyData = [];

/** Laravel paginator shape used by `/api/v2/courses` and `/api/v2/member/orders`. */
export interface LaravelPage<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: { url: string | null; label: string; active: boolean }[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** `{data, total}` shape used by messages, v3 study lists and search. */
export interface ListWithTotal<T> {
  data: T[];
  total: number;
}
