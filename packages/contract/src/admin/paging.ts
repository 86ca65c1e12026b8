import { z } from 'zod';

const pageNumber = (max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce.number({ error: '参数错误' }).int('参数错误').min(1, '参数错误').max(max, '参数错误'),
  );

/** `?page=&page_size=` of the console's lists (20 a page by default, 100 at most). */
export const pageQuery = z.object({
  page: pageNumber(100_000, 1),
  page_size: pageNumber(100, 20),
});
