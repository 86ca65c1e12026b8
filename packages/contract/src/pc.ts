import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyData, idParam } from './shapes';
import { passwordBody } from './member';

/** Endpoints the MeEdu PC clients call beyond the h5's: sign-up, credit history, lesson progress. */

const pagingNumber = (fallback: number, max: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return fallback;
      if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    z.number({ error: '参数错误' }).int('参数错误').min(1, '参数错误').max(max, '参数错误'),
  );

export const creditRecordsQuery = z.object({
  page: pagingNumber(1, 100_000),
  page_size: pagingNumber(10, 100),
});

export const creditRecord = z.strictObject({
  /** Points gained (negative when spent). */
  sum: z.number(),
  remark: z.string(),
  /** ISO */
  created_at: z.string(),
});
export type CreditRecord = z.infer<typeof creditRecord>;
export const creditRecordPage = z.strictObject({ total: z.number(), data: z.array(creditRecord) });
export type CreditRecordPage = z.infer<typeof creditRecordPage>;

export const learnedVideo = z.strictObject({
  id: z.number(),
  title: z.string(),
  /** raw-dt */
  published_at: z.string().nullable(),
  duration: z.number(),
  /** Times are China time without a zone: `YYYY-MM-DDTHH:mm:ss`. */
  watch_record: z
    .strictObject({ watch_seconds: z.number(), watched_at: z.string().nullable(), created_at: z.string() })
    .nullable(),
});
export type LearnedVideo = z.infer<typeof learnedVideo>;

export const pcApi = {
  registerSms: defineEndpoint({
    method: 'POST',
    path: '/api/v2/register/sms',
    tag: 'auth',
    summary: 'Sign up with mobile, SMS code (scene `register`) and password',
    body: passwordBody,
    data: emptyData,
    note: 'a mobile that already has an account → `手机号已存在`; sign-up accepts the published agreements',
  }),
  creditRecords: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/credit1Records',
    tag: 'member',
    auth: 'member',
    summary: "The member's points history, newest first",
    query: creditRecordsQuery,
    data: creditRecordPage,
  }),
  learnedCourse: defineEndpoint({
    method: 'GET',
    path: '/api/v3/member/learned/course/:courseId',
    tag: 'study',
    auth: 'member',
    summary: "A course's published lessons with the member's progress on each",
    params: z.object({ courseId: idParam() }),
    data: z.array(learnedVideo),
  }),
};
