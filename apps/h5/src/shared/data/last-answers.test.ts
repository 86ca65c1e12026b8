import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '../http/client';
import {
  LAST_ANSWERS_LIMIT,
  forgetLastAnswers,
  isNetworkFailure,
  lastAnswer,
  rememberAnswer,
} from './last-answers';

afterEach(() => {
  forgetLastAnswers();
  localStorage.clear();
});

describe('last answers', () => {
  it('keeps one answer per key, the newest', () => {
    rememberAnswer('["course",1]', '第一版');
    rememberAnswer('["course",1]', '第二版');
    rememberAnswer('["course",2]', '另一门');
    expect(lastAnswer('["course",1]')).toEqual({ value: '第二版' });
    expect(lastAnswer('["course",2]')).toEqual({ value: '另一门' });
    expect(lastAnswer('["course",3]')).toBeUndefined();
  });

  it('belongs to the token that fetched it', () => {
    localStorage.setItem('meedu-h5-token', 'member-a');
    rememberAnswer('["study"]', '甲在学');
    rememberAnswer('["orders"]', '乙的订单', 'member-b');
    expect(lastAnswer('["study"]')).toEqual({ value: '甲在学' });
    expect(lastAnswer('["orders"]')).toBeUndefined();
    localStorage.removeItem('meedu-h5-token');
    expect(lastAnswer('["study"]')).toBeUndefined();
  });

  it('forgets everything at once (logout)', () => {
    rememberAnswer('["home"]', '首页');
    forgetLastAnswers();
    expect(lastAnswer('["home"]')).toBeUndefined();
  });

  it('drops the least recently answered key beyond its limit', () => {
    for (let i = 0; i <= LAST_ANSWERS_LIMIT; i++) rememberAnswer(`["k",${i}]`, i);
    expect(lastAnswer('["k",0]')).toBeUndefined();
    expect(lastAnswer('["k",1]')).toEqual({ value: 1 });
    rememberAnswer('["k",1]', 1);
    rememberAnswer('["k","new"]', 'new');
    expect(lastAnswer('["k",1]')).toEqual({ value: 1 });
    expect(lastAnswer('["k",2]')).toBeUndefined();
  });

  it('counts only a request that never reached the server as a network failure', () => {
    expect(isNetworkFailure(new ApiError('network', MESSAGES.network))).toBe(true);
    for (const kind of ['business', 'unauthorized', 'not-found', 'http', 'timeout', 'aborted', 'bad-response'] as const)
      expect(isNetworkFailure(new ApiError(kind, ''))).toBe(false);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
