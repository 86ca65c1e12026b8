import { afterEach, describe, expect, it } from 'vitest';
import type { MemberDetail } from '@/shared/api/types';
import { forgetLastAnswers, lastAnswer, rememberAnswer } from '@/shared/data/last-answers';
import { resetAppStore, useAppStore } from '@/shared/store/app-store';
import { watchMemberChanges } from './member-changes';

const member = (id: number) => ({ id, nick_name: `学员${id}` }) as unknown as MemberDetail;

afterEach(() => {
  resetAppStore();
  forgetLastAnswers();
});

describe('watchMemberChanges', () => {
  it('forgets the answers kept for offline use at logout, at another account and at login', () => {
    resetAppStore();
    const stop = watchMemberChanges();
    useAppStore.getState().loginAction(member(1));
    rememberAnswer('["study"]', '一号的在学', '');
    useAppStore.getState().logoutAction();
    expect(lastAnswer('["study"]')).toBeUndefined();

    useAppStore.getState().loginAction(member(1));
    rememberAnswer('["study"]', '一号的在学', '');
    useAppStore.setState({ user: member(2) });
    expect(lastAnswer('["study"]')).toBeUndefined();

    rememberAnswer('["study"]', '二号的在学', '');
    useAppStore.setState({ user: { ...member(2), nick_name: '改名' } });
    expect(lastAnswer('["study"]')).toEqual({ value: '二号的在学' });
    stop();
  });
});
