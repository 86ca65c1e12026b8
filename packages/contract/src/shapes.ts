import { z } from 'zod';

/**
 * Building blocks of the response schemas. Objects are strict: an answer carrying a field its
 * declaration does not name fails the server's response check, so no column leaks by accident.
 */

/** "No data": PHP serialises an empty array, so it is `[]` on the wire. */
export const emptyData = z.tuple([]);

/** Nullable text (a raw-dt or ISO time that may be unset). */
export const nullableText = () => z.string().nullable();

/**
 * A map keyed by id, following PHP array rules: a JSON object with string keys, a JSON array
 * when the keys happen to be 0..n-1, and `[]` when empty.
 */
export const phpMap = <T extends z.ZodType>(item: T) => z.union([z.record(z.string(), item), z.array(item)]);

/** A related record that PHP serialises as `[]` when missing. */
export const orEmpty = <T extends z.ZodType>(item: T) => z.union([item, emptyData]);

/** Laravel paginator (`/api/v2/courses`, `/api/v2/member/orders`). */
export const laravelPage = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    current_page: z.number(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().nullable(),
    last_page: z.number(),
    last_page_url: z.string(),
    links: z.array(z.strictObject({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number(),
    prev_page_url: z.string().nullable(),
    to: z.number().nullable(),
    total: z.number(),
  });

/** `{data, total}`: messages, v3 study lists and search. */
export const listWithTotal = <T extends z.ZodType>(item: T) =>
  z.strictObject({ data: z.array(item), total: z.number() });

/** A positive integer path segment (MeEdu's `\d+`); anything else is 参数错误. */
export const idParam = () =>
  z.preprocess(
    (value) => String(value ?? ''),
    z
      .string()
      .regex(/^\d{1,9}$/, '参数错误')
      .transform(Number),
  );

/** `{id}` path parameters. */
export const idParams = z.object({ id: idParam() });
