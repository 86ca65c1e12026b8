import path from 'node:path';

/** Everything the server reads from its environment, in one place (README lists each variable). */
export interface ServerEnv {
  nodeEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Public address of this API (config `url`); defaults to http://HOST:PORT. */
  appUrl: string;
  jwtSecret: string | undefined;
  jwtTtlMinutes: number;
  captchaTestCode: string | undefined;
  rateLimitPerMinute: number;
  logLevel: string;
  h5DistDir: string;
  sms: SmsEnv;
}

export interface SmsEnv {
  driver: 'log' | 'aliyun';
  aliyun: {
    endpoint: string;
    accessKeyId: string;
    accessKeySecret: string;
    signName: string;
    templates: Record<string, string>;
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const nodeEnv = source.NODE_ENV ?? 'development';
  const host = source.HOST || '127.0.0.1';
  const port = integer(source.PORT, 8300, 'PORT');
  const smsDriver = source.SMS_DRIVER || 'log';
  if (smsDriver !== 'log' && smsDriver !== 'aliyun') throw new Error('SMS_DRIVER must be log or aliyun');
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host,
    port,
    dataDir: path.resolve(source.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: source.DATABASE_URL || undefined,
    redisUrl: source.REDIS_URL || undefined,
    redisKeyPrefix: source.REDIS_KEY_PREFIX || 'kezhan:',
    appUrl: (source.APP_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    jwtSecret: source.JWT_SECRET || undefined,
    jwtTtlMinutes: integer(source.JWT_TTL, 20160, 'JWT_TTL'),
    captchaTestCode: source.CAPTCHA_TEST_CODE || undefined,
    rateLimitPerMinute: integer(source.RATE_LIMIT_PER_MINUTE, 120, 'RATE_LIMIT_PER_MINUTE'),
    logLevel: source.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    h5DistDir: path.resolve(source.H5_DIST_DIR || path.join(repoRoot, 'apps/h5/dist')),
    sms: {
      driver: smsDriver,
      aliyun: {
        endpoint: source.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com',
        accessKeyId: source.ALIYUN_SMS_ACCESS_KEY_ID || '',
        accessKeySecret: source.ALIYUN_SMS_ACCESS_KEY_SECRET || '',
        signName: source.ALIYUN_SMS_SIGN_NAME || '',
        templates: {
          login: source.ALIYUN_SMS_TEMPLATE_LOGIN || '',
          register: source.ALIYUN_SMS_TEMPLATE_REGISTER || '',
          password_reset: source.ALIYUN_SMS_TEMPLATE_PASSWORD_RESET || '',
          mobile_bind: source.ALIYUN_SMS_TEMPLATE_MOBILE_BIND || '',
        },
      },
    },
  };
}

/** Settings that are convenient in development but dangerous in production stop the start. */
export function assertSafeForProduction(env: ServerEnv): void {
  if (!env.isProduction) return;
  const problems: string[] = [];
  if (!env.jwtSecret || env.jwtSecret.length < 32)
    problems.push('JWT_SECRET must be set (at least 32 characters)');
  if (env.captchaTestCode) problems.push('CAPTCHA_TEST_CODE must not be set');
  if (problems.length > 0) throw new Error(`Refusing to start in production: ${problems.join('; ')}`);
}
