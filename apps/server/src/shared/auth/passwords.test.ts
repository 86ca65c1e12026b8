import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies its own scrypt hashes and never asks to rehash them', async () => {
    const hash = await hashPassword('kezhan123');
    expect(await verifyPassword('kezhan123', hash)).toBe(true);
    expect(await verifyPassword('kezhan124', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies bcrypt hashes under the $2y$ (PHP), $2a$ and $2b$ prefixes, whatever the cost', async () => {
    // Both from the PHP manual (password_verify, crypt): made by PHP itself.
    expect(
      await verifyPassword('rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a'),
    ).toBe(true);
    expect(
      await verifyPassword('rasmuslerdorf', '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq'),
    ).toBe(true);
    expect(
      await verifyPassword('rasmuslerdorF', '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq'),
    ).toBe(false);
    const b = bcrypt.hashSync('密码 with spaces', 4);
    expect(b.startsWith('$2b$04$')).toBe(true);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const hash = prefix + b.slice(4);
      expect(needsRehash(hash)).toBe(true);
      expect(await verifyPassword('密码 with spaces', hash)).toBe(true);
      expect(await verifyPassword('密码 with space', hash)).toBe(false);
    }
  });

  it('refuses what is neither scheme, and a bcrypt string cut short', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'x')).toBe(false);
    expect(await verifyPassword('x', '$2x$10$abc')).toBe(false);
    expect(needsRehash('$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv')).toBe(false);
    expect(
      await verifyPassword('rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv'),
    ).toBe(false);
  });
});
