import { randomInt } from 'node:crypto';
import { randomAlphanumeric } from '../../shared/auth/tokens';

/** The first message of every new member, signed up or created by an operator. */
export const WELCOME_MESSAGE = '用户注册成功';

/**
 * Nicknames to try for a new member, most readable first: 学员 + the mobile's last four digits, then
 * with four random digits more (another member may have the first), and a random last resort.
 */
export function* nicknameCandidates(mobile: string): Generator<string> {
  const digits = mobile.replace(/\D/g, '');
  const tail = digits.length >= 4 ? digits.slice(-4) : String(randomInt(10_000)).padStart(4, '0');
  yield `学员${tail}`;
  for (let i = 0; i < 5; i += 1) yield `学员${tail}${String(randomInt(10_000)).padStart(4, '0')}`;
  yield `学员${randomAlphanumeric(12)}`;
}
