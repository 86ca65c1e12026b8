import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { runCommand } from './run-command';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const adminFile = (dataDir: string) => path.join(dataDir, 'admin.json');

/**
 * While a server runs on embedded PGlite it is the only process allowed to open the database,
 * so the CLI sends its commands here: loopback only, with a random token kept under DATA_DIR.
 */
export function registerAdminEndpoint(app: FastifyInstance): { token: string } {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  app.post('/internal/cli', { config: { rateLimit: false } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
    const remote = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(remote) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(403).send({ code: 403, message: 'forbidden', data: [] });
    }
    const argv = (request.body as { argv?: unknown })?.argv;
    if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string')) {
      return reply.status(400).send({ code: 1, message: 'argv must be a list of strings', data: [] });
    }
    return runCommand(app.services, argv);
  });
  return { token };
}

export function writeAdminFile(dataDir: string, url: string, token: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(adminFile(dataDir), JSON.stringify({ url, token, pid: process.pid }), { mode: 0o600 });
}

export function removeAdminFile(dataDir: string): void {
  try {
    const current = JSON.parse(fs.readFileSync(adminFile(dataDir), 'utf8')) as { pid?: number };
    if (current.pid === process.pid) fs.unlinkSync(adminFile(dataDir));
  } catch {
    // Already gone.
  }
}
