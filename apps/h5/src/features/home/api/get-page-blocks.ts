import type { ViewBlockList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** Home decoration blocks (api-contract §14.1), in `sort` order. */
export function getPageBlocks(options?: RequestOptions) {
  return http.get<ViewBlockList>(
    '/api/v2/viewBlock/page/blocks',
    { platform: 'h5', page_name: 'h5-page-index' },
    options,
  );
}
