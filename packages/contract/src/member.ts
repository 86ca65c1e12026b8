/** `GET /api/v2/member/detail` — api-contract §6.1 */
export interface MemberDetail {
  id: number;
  avatar: string;
  nick_name: string;
  mobile: string;
  is_lock: number;
  is_active: number;
  role_id: number;
  /** raw-dt `YYYY-MM-DD HH:mm:ss` (UTC+8) */
  role_expired_at: string | null;
  invite_balance: number;
  is_password_set: number;
  is_set_nickname: number;
  /** ISO `YYYY-MM-DDTHH:mm:ss.000000Z` */
  created_at: string;
  credit1: number;
  credit2: number;
  credit3: number;
  role: { id: number; name: string } | null;
  is_bind_qq: number;
  is_bind_wechat: number;
  is_bind_mobile: number;
  invite_people_count: number;
  is_face_verify: boolean;
  profile_real_name: string;
  profile_id_number: string;
}
