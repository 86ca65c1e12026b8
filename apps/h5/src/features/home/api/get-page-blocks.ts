import { H5_HOME_BLOCKS } from '@kezhan/contract/browser';
import type { ViewBlockList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** Home decoration blocks, in `sort` order. */
export function getPageBlocks(options?: RequestOptions) {
  return http.get<ViewBlockList>('/api/v2/viewBlock/page/blocks', H5_HOME_BLOCKS, options);
}
