/**
 * The code a social login (QQ, WeChat) comes back with: `?login_code=X&action=login`, else null.
 * Kept apart from the exchange itself, so startup loads that only when there is a code.
 */
export function socialLoginCode(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = params.get('login_code') ?? '';
  return code && params.get('action') === 'login' ? code : null;
}
