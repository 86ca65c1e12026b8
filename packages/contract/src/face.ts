import { z } from 'zod';
import { requiredText } from './validation';

/** `POST /api/v3/member/tencent/faceVerify` — api-contract §13.1. */
export const faceVerifyStartBody = z.object({
  s_url: requiredText('参数错误', 255),
});
export type FaceVerifyStartBody = z.input<typeof faceVerifyStartBody>;

export interface FaceVerifyStart {
  /** Where to send the browser (Tencent's H5 flow, or the development page). */
  url: string;
  rule_id: string;
  biz_token: string;
  request_id: string;
}

/** `GET /api/v3/member/tencent/faceVerify?biz_token&rule_id` — §13.2. */
export const faceVerifyQuery = z.object({
  biz_token: requiredText('参数错误', 128),
  rule_id: requiredText('参数错误', 64),
});
export type FaceVerifyQuery = z.input<typeof faceVerifyQuery>;

export const FACE_VERIFY_PASSED = 9;
export const FACE_VERIFY_NOT_PASSED = 5;

/** Always a normal envelope: `{status: 9}` verified, `{status: 5}` not (yet) verified. */
export interface FaceVerifyResult {
  status: typeof FACE_VERIFY_PASSED | typeof FACE_VERIFY_NOT_PASSED;
}
