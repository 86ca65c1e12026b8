import { describe, expect, it } from 'vitest';
import type { MemberDetail } from '@/shared/api/types';
import { agreementsToAccept } from './login-gate';

const member = (status?: MemberDetail['agreement_status']) =>
  ({
    id: 1,
    avatar: '',
    nick_name: 'x',
    mobile: '',
    is_bind_mobile: 1,
    is_face_verify: false,
    role: null,
    agreement_status: status,
  }) as unknown as MemberDetail;

describe('agreementsToAccept', () => {
  it('names the agreements whose published version the member has not accepted', () => {
    expect(agreementsToAccept(member({ user_agreement_agreed: false, privacy_policy_agreed: true }))).toEqual(
      ['用户协议'],
    );
    expect(
      agreementsToAccept(member({ user_agreement_agreed: false, privacy_policy_agreed: false })),
    ).toEqual(['用户协议', '隐私协议']);
    expect(agreementsToAccept(member({ user_agreement_agreed: true, privacy_policy_agreed: true }))).toEqual(
      [],
    );
  });

  it('asks nothing of an older MeEdu server that sends no agreement_status', () => {
    expect(agreementsToAccept(member(undefined))).toEqual([]);
  });
});
