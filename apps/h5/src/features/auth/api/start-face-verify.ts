import { http } from '@/shared/http/client';

export interface FaceVerifyStart {
  biz_token: string;
  rule_id: string;
  url: string;
}

export function startFaceVerify(sUrl: string) {
  return http.post<FaceVerifyStart>('/api/v3/member/tencent/faceVerify', { s_url: sUrl }, { quiet: true, on404: 'reject' });
}
