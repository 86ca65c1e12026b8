/** The server's rule (contract PASSWORD_MIN_LENGTH / PASSWORD_MAX_LENGTH), checked before an SMS is spent. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

export function passwordProblem(password: string): string | null {
  if (!password) return '请输入密码';
  if (password.length < PASSWORD_MIN_LENGTH) return `密码长度不能少于${PASSWORD_MIN_LENGTH}个字符`;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码长度不能多于${PASSWORD_MAX_LENGTH}个字符`;
  return null;
}
