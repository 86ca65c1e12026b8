import type { FaceVerifyStart } from '@kezhan/contract/browser';
import { http } from '@/shared/http/client';
import { saveBizToken, saveRuleId } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { getHost } from '@/shared/utils/url';

export const FACE_VERIFY_FAILED = '无法发起实名认证';

export function startFaceVerify(sUrl: string) {
  return http.post<FaceVerifyStart>(
    '/api/v3/member/tencent/faceVerify',
    { s_url: sUrl },
    { quiet: true, on404: 'reject' },
  );
}

/** Starts Tencent face verification: store biz_token and rule_id, then leave for its page. */
export async function beginFaceVerify(): Promise<void> {
  try {
    const res = await startFaceVerify(`${getHost()}/auth/faceSuccess`);
    saveBizToken(res.data.biz_token);
    saveRuleId(res.data.rule_id);
    window.location.href = res.data.url;
  } catch (e) {
    const message = e instanceof Error && e.message ? e.message : '';
    showToast(message || FACE_VERIFY_FAILED);
  }
}
