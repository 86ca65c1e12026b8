import { describe, expect, it, vi } from 'vitest';
import type { MemberDetail, SiteConfig } from '@/shared/api/types';
import { agreeAgreements } from '../api/agree-agreements';
import { agreementsToAccept, runLoginGate } from './login-gate';

vi.mock('../api/agree-agreements', () => ({ agreeAgreements: vi.fn(async () => []) }));
vi.mock('@/shared/api/get-member-detail', () => ({
  getMemberDetail: vi.fn(async () => ({ data: { id: 1, agreement_status: undefined } })),
}));

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

describe('runLoginGate and the agreements', () => {
  const config = {
    member: { enabled_mobile_bind_alert: 0, enabled_face_verify: false },
  } as unknown as SiteConfig;
  const outdated = member({ user_agreement_agreed: false, privacy_policy_agreed: false });

  it('records the agreement the member just ticked on the login page instead of asking again', async () => {
    vi.mocked(agreeAgreements).mockClear();
    expect(runLoginGate(vi.fn(), config, outdated, { agreedOnThisPage: true })).toBe('done');
    await vi.waitFor(() => expect(agreeAgreements).toHaveBeenCalledTimes(1));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
