import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { requiredText } from './validation';

/** `POST /api/v3/member/tencent/faceVerify`. */
export const faceVerifyStartBody = z.object({
  s_url: requiredText('参数错误', 255),
});
export type FaceVerifyStartBody = z.input<typeof faceVerifyStartBody>;

export const faceVerifyStart = z.strictObject({
  /** Where to send the browser (Tencent's H5 flow, or the development page). */
  url: z.string(),
  rule_id: z.string(),
  biz_token: z.string(),
  request_id: z.string(),
});
export type FaceVerifyStart = z.infer<typeof faceVerifyStart>;

/** `GET /api/v3/member/tencent/faceVerify?biz_token&rule_id`. */
export const faceVerifyQuery = z.object({
  biz_token: requiredText('参数错误', 128),
  rule_id: requiredText('参数错误', 64),
});
export type FaceVerifyQuery = z.input<typeof faceVerifyQuery>;

export const FACE_VERIFY_PASSED = 9;
export const FACE_VERIFY_NOT_PASSED = 5;

/** Always a normal envelope: `{status: 9}` verified, `{status: 5}` not (yet) verified. */
export const faceVerifyResult = z.strictObject({
  status: z.union([z.literal(FACE_VERIFY_PASSED), z.literal(FACE_VERIFY_NOT_PASSED)]),
});
export type FaceVerifyResult = z.infer<typeof faceVerifyResult>;

export const faceVerifyApi = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/v3/member/tencent/faceVerify',
    tag: 'member',
    auth: 'member',
    summary: 'Start real-name face verification',
    body: faceVerifyStartBody,
    data: faceVerifyStart,
    note: 'open `url`; the vendor returns to `s_url`',
  }),
  result: defineEndpoint({
    method: 'GET',
    path: '/api/v3/member/tencent/faceVerify',
    tag: 'member',
    auth: 'member',
    summary: 'Result of a face verification',
    query: faceVerifyQuery,
    data: faceVerifyResult,
    note: '`status` 9 verified, 5 not (yet) verified',
  }),
};
