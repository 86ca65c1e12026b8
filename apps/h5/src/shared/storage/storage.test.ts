import { describe, expect, it } from 'vitest';
import {
  clearFaceVerify,
  clearToken,
  getBizToken,
  getLoginCode,
  getRuleId,
  getToken,
  isLoginCodeUsed,
  saveBizToken,
  saveLoginCode,
  saveRuleId,
  saveSessionLoginCode,
  saveTmpToken,
  setToken,
  getTmpToken,
} from './storage';

describe('browser storage keys', () => {
  it('token and temporary token', () => {
    expect(getToken()).toBe('');
    setToken('abc');
    expect(localStorage.getItem('meedu-h5-token')).toBe('abc');
    clearToken();
    expect(localStorage.getItem('meedu-h5-token')).toBeNull();
    saveTmpToken('tmp');
    expect(localStorage.getItem('meedu-h5-tmp-token')).toBe('tmp');
    expect(getTmpToken()).toBe('tmp');
  });

  it('login codes: localStorage login_code and sessionStorage login_code:<code>', () => {
    saveLoginCode('X1');
    expect(localStorage.getItem('login_code')).toBe('X1');
    expect(getLoginCode()).toBe('X1');
    saveSessionLoginCode('S1');
    expect(sessionStorage.getItem('login_code:S1')).toBe('S1');
    saveSessionLoginCode('');
    expect(sessionStorage.length).toBe(1);
    expect(isLoginCodeUsed('S1')).toBe(true);
    expect(isLoginCodeUsed('X1')).toBe(true);
    expect(isLoginCodeUsed('NEW')).toBe(false);
  });

  it('face verification keys', () => {
    saveBizToken('biz');
    saveRuleId('1');
    expect(localStorage.getItem('meedu-user-face-bizToken')).toBe('biz');
    expect(localStorage.getItem('meedu-user-face-ruleId')).toBe('1');
    expect([getBizToken(), getRuleId()]).toEqual(['biz', '1']);
    clearFaceVerify();
    expect([getBizToken(), getRuleId()]).toEqual(['', '']);
  });
});
