import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { ServerEnv } from '../../config/env';

export interface TokenClaims {
  sub: string;
  jti: string;
  iss: string;
  iat: number;
  exp: number;
}

/** MeEdu's subject lock claim: sha1 of the member model class name. */
const SUBJECT_LOCK = createHash('sha1').update('App\\Services\\Member\\Models\\User').digest('hex');
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** HS256 JWTs compatible with MeEdu's tymon/jwt-auth tokens (claims iss, iat, exp, nbf, sub, jti, prv). */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => TokenClaims;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256' });
    this.verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'jti', 'exp'],
      // Time is checked in `read` against our own clock, so tests can move it.
      ignoreExpiration: true,
      ignoreNotBefore: true,
    }) as (token: string) => TokenClaims;
  }

  issue(userId: number, issuer: string): { token: string; jti: string; expiresAt: Date } {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.ttlSeconds;
    const jti = randomAlphanumeric(16);
    const token = this.sign({ iss: issuer, iat, exp, nbf: iat, sub: String(userId), jti, prv: SUBJECT_LOCK });
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid, unexpired token signed by us; `null` for anything else. */
  read(token: string): TokenClaims | null {
    try {
      const claims = this.verify(token) as TokenClaims & { nbf?: number };
      const nowSeconds = Math.floor(this.now() / 1000);
      if (claims.exp <= nowSeconds || (claims.nbf ?? 0) > nowSeconds + 60) return null;
      return /^\d+$/.test(claims.sub) ? claims : null;
    } catch {
      return null;
    }
  }
}

/** In development the JWT secret is generated once and kept under DATA_DIR; production must set it. */
export function resolveJwtSecret(env: ServerEnv): string {
  if (env.jwtSecret) return env.jwtSecret;
  const file = path.join(env.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
