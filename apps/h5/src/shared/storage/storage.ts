/** Browser storage keys, exactly as MeEdu's h5 names them (so an existing login survives a switch). */
export const STORAGE_KEYS = {
  token: 'meedu-h5-token',
  tmpToken: 'meedu-h5-tmp-token',
  loginCode: 'login_code',
  faceBizToken: 'meedu-user-face-bizToken',
  faceRuleId: 'meedu-user-face-ruleId',
} as const;

const sessionLoginCodeKey = (code: string) => `login_code:${code}`;

function read(storage: Storage, key: string): string {
  try {
    return storage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Private-mode Safari throws on setItem; the app keeps working without persistence.
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    /* see write() */
  }
}

export const getToken = () => read(localStorage, STORAGE_KEYS.token);
export const setToken = (token: string) => write(localStorage, STORAGE_KEYS.token, token);
export const clearToken = () => remove(localStorage, STORAGE_KEYS.token);

export const getTmpToken = () => read(localStorage, STORAGE_KEYS.tmpToken);
export const saveTmpToken = (token: string) => write(localStorage, STORAGE_KEYS.tmpToken, token);
export const clearTmpToken = () => remove(localStorage, STORAGE_KEYS.tmpToken);

export const getLoginCode = () => read(localStorage, STORAGE_KEYS.loginCode);
export const saveLoginCode = (code: string) => write(localStorage, STORAGE_KEYS.loginCode, code);
export const clearLoginCode = () => remove(localStorage, STORAGE_KEYS.loginCode);

/** Marks a one-time social `login_code` as consumed in this tab. Empty codes are ignored. */
export function saveSessionLoginCode(code: string): void {
  if (!code) return;
  write(sessionStorage, sessionLoginCodeKey(code), code);
}
export const getSessionLoginCode = (code: string) => read(sessionStorage, sessionLoginCodeKey(code));

/** A code counts as used when either this tab or this browser has already exchanged it. */
export function isLoginCodeUsed(code: string): boolean {
  return getSessionLoginCode(code) === code || getLoginCode() === code;
}

export const getBizToken = () => read(localStorage, STORAGE_KEYS.faceBizToken);
export const saveBizToken = (v: string) => write(localStorage, STORAGE_KEYS.faceBizToken, v);
export const clearBizToken = () => remove(localStorage, STORAGE_KEYS.faceBizToken);

export const getRuleId = () => read(localStorage, STORAGE_KEYS.faceRuleId);
export const saveRuleId = (v: string) => write(localStorage, STORAGE_KEYS.faceRuleId, v);
export const clearRuleId = () => remove(localStorage, STORAGE_KEYS.faceRuleId);

export function clearFaceVerify(): void {
  clearBizToken();
  clearRuleId();
}

/**
 * The mobile number last typed into 密码登录 or 找回密码 in this tab: each page starts from it, so
 * going back and forth between them (the back arrow, or back after a reset) keeps the number.
 */
const AUTH_MOBILE_KEY = 'kz-auth-mobile';
export const getTypedMobile = () => read(sessionStorage, AUTH_MOBILE_KEY);
export const saveTypedMobile = (mobile: string) => write(sessionStorage, AUTH_MOBILE_KEY, mobile);
