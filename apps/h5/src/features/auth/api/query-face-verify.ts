import { http } from '@/shared/http/client';

export function queryFaceVerify(input: { biz_token: string; rule_id: string }) {
  return http.get<{ status: number }>('/api/v3/member/tencent/faceVerify', input, {
    quiet: true,
    on404: 'reject',
  });
}
