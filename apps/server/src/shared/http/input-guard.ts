import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTER_MESSAGE } from '@kezhan/contract/rules';
import { BusinessError } from './errors';

const MAX_DEPTH = 32;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * NUL (U+0000) has no use in any input and PostgreSQL cannot store it: a request carrying one in
 * its path parameters, query or JSON/form body is refused before any handler runs, whether or not
 * the route's contract schema checks that field.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      return done(new BusinessError(CONTROL_CHARACTER_MESSAGE));
    done();
  });
}
