import { isIP } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './app-folders';
import { readVodEnv, type VodEnv } from './vod-env';

/**
 * Requests per minute of each budget. A client is a signed-in member (by the member id of a valid
 * token, from any address), a signed-in administrator (by console session), or an address for
 * anonymous calls; each budget counts apart, so a classroom behind one address never shares one
 * budget.
 */
export interface RateBudgets {
  /** Anonymous API calls (no valid member token), per client address. */
  anonymous: number;
  /** API calls of one signed-in member, wherever they come from. */
  member: number;
  /** Operator-console calls (`/api/admin/…`): per administrator session, per address without one. */
  console: number;
  /** The read-only boot answers every page load asks for (config, navs, links, sliders, blocks), per address and node. */
  boot: number;
  /** Video playlists, keys and segments (`/media/…`), per address and node. */
  media: number;
  /** Login and registration attempts, per address. */
  login: number;
}

/** Everything the server reads from its environment, in one place (README lists each variable). */
export interface ServerEnv {
  nodeEnv: string;
  /**
   * Production unless development was asked for explicitly (KEZHAN_DEV=1, set by `npm start`,
   * the CLI script and the test harnesses on a developer machine). NODE_ENV=production always
   * wins, and a misspelt NODE_ENV no longer switches the payment sandbox, simulated social login,
   * demo data or console SMS codes on.
   */
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
  /** Budgets per minute of the rate limiter (shared/http/rate-limit-scope.ts); null when RATE_LIMIT_PER_MINUTE=0 turns them off. */
  rateLimits: RateBudgets | null;
  /** A request's headers and body must arrive within this many seconds (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /** At most one SMS per mobile in this many seconds. */
  smsResendSeconds: number;
  /**
   * Which peers may tell the client IP in X-Forwarded-For: `false` (none, the default), a hop
   * count, or the addresses / CIDR ranges of the reverse proxies (TRUST_PROXY).
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /** `readable` lines for a developer's console (the default in development) or pino's JSON (LOG_FORMAT). */
  logFormat: 'json' | 'readable';
  h5DistDir: string;
  /** The built operator console, served at /admin (ADMIN_DIST_DIR). */
  adminDistDir: string;
  /** Extra origins the h5 may fetch media and API data from (CSP_MEDIA_ORIGINS, comma-separated). */
  cspMediaOrigins: string[];
  /**
   * Hosts a browser may be sent back to after a payment, social login or face verification,
   * besides APP_URL's and the `h5_url` / `pc_url` settings' (ALLOWED_REDIRECT_HOSTS).
   */
  allowedRedirectHosts: string[];
  sms: SmsEnv;
  social: SocialEnv;
  faceId: FaceIdEnv;
  /** Uploaded files (avatars): STORAGE_DRIVER local (default) or s3. */
  storage: StorageEnv;
  /** Run the scheduled jobs (src/jobs) on this node: JOBS_ENABLED, default on. */
  jobsEnabled: boolean;
  /**
   * What this node does (KEZHAN_ROLE): `all` (default) serves the API and transcodes, `api` only
   * serves, `worker` only transcodes (no HTTP listener). Scheduled jobs follow JOBS_ENABLED.
   */
  role: 'all' | 'api' | 'worker';
  /** Per-job interval overrides in seconds: JOB_INTERVALS="purge-expired-records=600,expire-unpaid-orders=60". */
  jobIntervals: Record<string, number>;
  /** Alipay and WeChat Pay merchant settings (which gateways are offered is a site setting). */
  payment: PaymentEnv;
  /** Protected video: signing and key secrets, ffmpeg, limits (modules/media). */
  media: MediaEnv;
  /** Lessons played from the school's Aliyun / Tencent Cloud VOD library (config/vod-env.ts). */
  vod: VodEnv;
}

export interface MediaEnv {
  /** HMAC key of signed playlist / key / segment addresses (MEDIA_SIGNING_SECRET); empty = derived from the JWT secret. */
  signingSecret: string;
  /** Wraps each asset's AES-128 keys at rest (MEDIA_KEY_SECRET); empty = generated into DATA_DIR in development. */
  keySecret: string;
  /** Former key secrets still accepted for unwrapping while `media:rekey` moves keys to the new one. */
  previousKeySecrets: string[];
  /** Lifetime of the playlist address playinfo answers, in seconds (MEDIA_URL_TTL, default 600). */
  urlTtlSeconds: number;
  /** ffmpeg / ffprobe executables (FFMPEG_PATH, FFPROBE_PATH); default found on PATH. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Largest accepted source video (MEDIA_MAX_UPLOAD_MB, default 2048). */
  maxUploadBytes: number;
  /** Transcodes this node runs at once (MEDIA_TRANSCODE_CONCURRENCY, default 1). */
  transcodeConcurrency: number;
  /** The HLS ladder (MEDIA_LADDER="360:800,720:2500": height:video kbit/s[:audio kbit/s], lowest first). */
  ladder: LadderRung[];
  /** libx264 preset of every rendition (MEDIA_X264_PRESET, default veryfast). */
  x264Preset: string;
}

export interface LadderRung {
  height: number;
  videoKbps: number;
  audioKbps: number;
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

/** S3-compatible object storage (AWS S3, MinIO, COS, OSS, R2), written with SigV4-signed requests. */
export interface S3Env {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Base URL files are read from (CDN); empty = the object URL itself. */
  publicUrl: string;
  /** Canned ACL sent with each upload (e.g. `public-read`); empty = none (bucket policy decides). */
  objectAcl: string;
}

export interface StorageEnv {
  driver: 'local' | 's3';
  s3: S3Env;
}

/** `dev` = local simulation pages on this server (never in production); `real` = the vendor. */
export type VendorDriver = 'dev' | 'real';

/** QQ and WeChat official-account OAuth. */
export interface SocialEnv {
  driver: VendorDriver;
  /** Key of the signed OAuth `state`; empty = derived from the JWT secret. */
  stateSecret: string;
  qq: { clientId: string; clientSecret: string; apiBase: string };
  wechat: {
    appId: string;
    appSecret: string;
    apiBase: string;
    authorizeUrl: string;
    /** The 令牌 of the official account's server settings: signs WeChat's event pushes. */
    serverToken: string;
    /** The EncodingAESKey (安全模式): when set, only encrypted pushes, signed with their body, are taken. */
    encodingAesKey: string;
  };
}

/** Tencent Cloud FaceID real-name verification. */
export interface FaceIdEnv {
  driver: VendorDriver;
  secretId: string;
  secretKey: string;
  endpoint: string;
  region: string;
  ruleId: string;
}

/** Payment gateways (src/providers/payment). Keys: PEM (`\n` escapes allowed), a PEM file path, or bare base64. */
export interface PaymentEnv {
  alipay: { appId: string; privateKey: string; publicKey: string; gateway: string };
  wechat: WechatPayEnv;
}

export interface WechatPayEnv {
  /** The official account (公众号) AppID bound to the merchant. */
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (`apiclient_key.pem`). */
  privateKey: string;
  /** APIv3 key: 32 bytes, decrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay platform public key (or platform certificate), verifies answers and notifications. */
  platformPublicKey: string;
  /** Its serial (`PUB_KEY_ID_…` or certificate serial); notifications signed with another are refused. */
  platformSerial: string;
  /** `https://api.mch.weixin.qq.com` */
  baseUrl: string;
}

export type TrustProxy = false | number | string[];

/** proxy-addr's names for the loopback, link-local and private (unique local) ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: empty or `0` trusts no proxy (the socket address is the client); a number is how
 * many proxy hops in front of the node append to X-Forwarded-For; anything else is a
 * comma-separated list of proxy addresses / CIDR ranges (or loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0)
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs (not ${bad.join(', ') || text})`,
    );
  return entries;
}

function vendorDriver(value: string | undefined, fallback: VendorDriver, name: string): VendorDriver {
  const chosen = value || fallback;
  if (chosen !== 'dev' && chosen !== 'real') throw new Error(`${name} must be dev or real`);
  return chosen;
}

function jobIntervals(value: string | undefined): Record<string, number> {
  const intervals: Record<string, number> = {};
  for (const item of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([\w-]+)=(\d+)$/.exec(item);
    if (!match || Number(match[2]) < 1)
      throw new Error('JOB_INTERVALS must look like "job-name=seconds,other-job=seconds"');
    intervals[match[1]] = Number(match[2]);
  }
  return intervals;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

function logFormat(value: string | undefined, isProduction: boolean): ServerEnv['logFormat'] {
  if (!value) return isProduction ? 'json' : 'readable';
  if (value !== 'json' && value !== 'readable') throw new Error('LOG_FORMAT must be json or readable');
  return value;
}

function rateBudgets(source: NodeJS.ProcessEnv): RateBudgets | null {
  const anonymous = integer(source.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE');
  if (anonymous === 0) return null;
  const budget = (name: string, fallback: number) => Math.max(1, integer(source[name], fallback, name));
  return {
    anonymous,
    member: budget('RATE_LIMIT_MEMBER_PER_MINUTE', 300),
    console: budget('RATE_LIMIT_CONSOLE_PER_MINUTE', 600),
    boot: budget('RATE_LIMIT_BOOT_PER_MINUTE', 6000),
    media: budget('RATE_LIMIT_MEDIA_PER_MINUTE', 6000),
    login: budget('RATE_LIMIT_LOGIN_PER_MINUTE', 120),
  };
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const nodeEnv = source.NODE_ENV ?? (source.KEZHAN_DEV === '1' ? 'development' : 'production');
  const isProduction = nodeEnv === 'production' || source.KEZHAN_DEV !== '1';
  const host = source.HOST || '127.0.0.1';
  const port = integer(source.PORT, 8300, 'PORT');
  const smsDriver = source.SMS_DRIVER || 'log';
  if (smsDriver !== 'log' && smsDriver !== 'aliyun') throw new Error('SMS_DRIVER must be log or aliyun');
  const socialDriver = vendorDriver(source.SOCIAL_DRIVER, isProduction ? 'real' : 'dev', 'SOCIAL_DRIVER');
  return {
    nodeEnv,
    isProduction,
    host,
    port,
    dataDir: path.resolve(source.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: source.DATABASE_URL || undefined,
    redisUrl: source.REDIS_URL || undefined,
    redisKeyPrefix: source.REDIS_KEY_PREFIX || 'kezhan:',
    appUrl: (source.APP_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    jwtSecret: source.JWT_SECRET || undefined,
    jwtTtlMinutes: integer(source.JWT_TTL, 20160, 'JWT_TTL'),
    captchaTestCode: source.CAPTCHA_TEST_CODE || undefined,
    rateLimits: rateBudgets(source),
    requestTimeoutSeconds: Math.max(
      1,
      integer(source.REQUEST_TIMEOUT_SECONDS, 60, 'REQUEST_TIMEOUT_SECONDS'),
    ),
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    smsResendSeconds: Math.max(1, integer(source.SMS_RESEND_SECONDS, 60, 'SMS_RESEND_SECONDS')),
    logLevel: source.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: logFormat(source.LOG_FORMAT, isProduction),
    h5DistDir: path.resolve(source.H5_DIST_DIR || path.join(REPO_ROOT, 'apps/h5/dist')),
    adminDistDir: path.resolve(source.ADMIN_DIST_DIR || path.join(REPO_ROOT, 'apps/admin/dist')),
    cspMediaOrigins: (source.CSP_MEDIA_ORIGINS || '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    allowedRedirectHosts: (source.ALLOWED_REDIRECT_HOSTS || '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    jobsEnabled: (source.JOBS_ENABLED ?? '1') !== '0',
    role: nodeRole(source.KEZHAN_ROLE),
    jobIntervals: jobIntervals(source.JOB_INTERVALS),
    storage: readStorageEnv(source),
    payment: readPaymentEnv(source),
    media: readMediaEnv(source),
    vod: readVodEnv(source, isProduction),
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
          // Optional: told to a member when an operator changes their mobile or password.
          account_notice: source.ALIYUN_SMS_TEMPLATE_ACCOUNT_NOTICE || '',
        },
      },
    },
    social: {
      driver: socialDriver,
      stateSecret: source.SOCIAL_STATE_SECRET || '',
      qq: {
        clientId: source.QQ_CLIENT_ID || '',
        clientSecret: source.QQ_CLIENT_SECRET || '',
        apiBase: (source.QQ_API_BASE || 'https://graph.qq.com').replace(/\/+$/, ''),
      },
      wechat: {
        appId: source.WECHAT_MP_APP_ID || '',
        appSecret: source.WECHAT_MP_APP_SECRET || '',
        apiBase: (source.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
        authorizeUrl: source.WECHAT_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize',
        serverToken: source.WECHAT_MP_SERVER_TOKEN || '',
        encodingAesKey: encodingAesKeyOf(source.WECHAT_MP_ENCODING_AES_KEY),
      },
    },
    faceId: {
      driver: vendorDriver(source.FACEID_DRIVER, socialDriver, 'FACEID_DRIVER'),
      secretId: source.TENCENT_SECRET_ID || '',
      secretKey: source.TENCENT_SECRET_KEY || '',
      endpoint: (source.TENCENT_FACEID_ENDPOINT || 'https://faceid.tencentcloudapi.com').replace(/\/+$/, ''),
      region: source.TENCENT_FACEID_REGION || '',
      ruleId: source.TENCENT_FACEID_RULE_ID || '',
    },
  };
}

function readStorageEnv(source: NodeJS.ProcessEnv): StorageEnv {
  const driver = source.STORAGE_DRIVER || 'local';
  if (driver !== 'local' && driver !== 's3') throw new Error('STORAGE_DRIVER must be local or s3');
  const s3: S3Env = {
    endpoint: (source.S3_ENDPOINT || '').replace(/\/+$/, ''),
    region: source.S3_REGION || 'us-east-1',
    bucket: source.S3_BUCKET || '',
    accessKeyId: source.S3_ACCESS_KEY_ID || '',
    secretAccessKey: source.S3_SECRET_ACCESS_KEY || '',
    forcePathStyle: source.S3_FORCE_PATH_STYLE === '1' || source.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: (source.S3_PUBLIC_URL || '').replace(/\/+$/, ''),
    objectAcl: source.S3_OBJECT_ACL || '',
  };
  if (driver === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !source[name]);
    if (missing.length > 0) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  }
  return { driver, s3 };
}

function encodingAesKeyOf(value: string | undefined): string {
  const key = (value ?? '').trim();
  if (key && !/^[A-Za-z0-9+/]{43}$/.test(key))
    throw new Error(
      'WECHAT_MP_ENCODING_AES_KEY must be the 43-character EncodingAESKey of the official account',
    );
  return key;
}

function readMediaEnv(source: NodeJS.ProcessEnv): MediaEnv {
  const ffmpegPath = source.FFMPEG_PATH || 'ffmpeg';
  const siblingProbe = ffmpegPath.includes('/')
    ? path.join(path.dirname(ffmpegPath), path.basename(ffmpegPath).replace('ffmpeg', 'ffprobe'))
    : 'ffprobe';
  return {
    signingSecret: source.MEDIA_SIGNING_SECRET || '',
    keySecret: source.MEDIA_KEY_SECRET || '',
    previousKeySecrets: (source.MEDIA_KEY_SECRET_PREVIOUS || '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    urlTtlSeconds: Math.max(30, integer(source.MEDIA_URL_TTL, 600, 'MEDIA_URL_TTL')),
    ffmpegPath,
    ffprobePath: source.FFPROBE_PATH || siblingProbe,
    maxUploadBytes:
      Math.max(1, integer(source.MEDIA_MAX_UPLOAD_MB, 2048, 'MEDIA_MAX_UPLOAD_MB')) * 1024 * 1024,
    transcodeConcurrency: Math.max(
      1,
      integer(source.MEDIA_TRANSCODE_CONCURRENCY, 1, 'MEDIA_TRANSCODE_CONCURRENCY'),
    ),
    ladder: mediaLadder(source.MEDIA_LADDER || '360:800,720:2500'),
    x264Preset: x264Preset(source.MEDIA_X264_PRESET || 'veryfast'),
  };
}

function nodeRole(value: string | undefined): ServerEnv['role'] {
  if (!value) return 'all';
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  throw new Error('KEZHAN_ROLE must be all, api or worker');
}

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower'];

function x264Preset(value: string): string {
  if (!X264_PRESETS.includes(value))
    throw new Error(`MEDIA_X264_PRESET must be one of ${X264_PRESETS.join(', ')}`);
  return value;
}

/** "360:800,540:1400,720:2500,1080:5000" (a `p` after the height is allowed), sorted by height. */
function mediaLadder(value: string): LadderRung[] {
  const rungs = value.split(',').map((item) => {
    const match = /^\s*(\d{3,4})p?:(\d{2,5})(?::(\d{2,3}))?\s*$/.exec(item);
    const height = Number(match?.[1]);
    if (!match || height < 144 || height > 2160 || height % 2 !== 0) {
      throw new Error(`MEDIA_LADDER: "${item}" is not height:video kbit/s[:audio kbit/s], e.g. 720:2500`);
    }
    return {
      height,
      videoKbps: Number(match[2]),
      audioKbps: match[3] ? Number(match[3]) : height <= 360 ? 96 : 128,
    };
  });
  const heights = new Set(rungs.map((rung) => rung.height));
  if (heights.size !== rungs.length) throw new Error('MEDIA_LADDER names a height twice');
  return rungs.sort((a, b) => a.height - b.height);
}

function readPaymentEnv(source: NodeJS.ProcessEnv): PaymentEnv {
  return {
    alipay: {
      appId: source.ALIPAY_APP_ID || '',
      privateKey: source.ALIPAY_PRIVATE_KEY || '',
      publicKey: source.ALIPAY_PUBLIC_KEY || '',
      gateway: source.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    },
    wechat: {
      appId: source.WECHAT_PAY_APP_ID || source.WECHAT_MP_APP_ID || '',
      mchId: source.WECHAT_PAY_MCH_ID || '',
      serialNo: source.WECHAT_PAY_SERIAL_NO || '',
      privateKey: source.WECHAT_PAY_PRIVATE_KEY || '',
      apiV3Key: source.WECHAT_PAY_API_V3_KEY || '',
      platformPublicKey: source.WECHAT_PAY_PLATFORM_PUBLIC_KEY || '',
      platformSerial: source.WECHAT_PAY_PLATFORM_SERIAL || '',
      baseUrl: (source.WECHAT_PAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
    },
  };
}

/** Settings that are convenient in development but dangerous in production stop the start. */
/** A start refused for the way it was configured: printed as its message alone, exit code 1. */
export class StartRefused extends Error {}

/** Loopback interfaces: 127.0.0.0/8, ::1, localhost. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * Development mode (demo member, console admin / kezhan123, 模拟支付, simulated social login and
 * face verification) is for this machine only: it refuses to listen on any other interface.
 */
export function assertDevelopmentOnLoopback(env: ServerEnv): void {
  if (env.isProduction || isLoopbackHost(env.host)) return;
  throw new StartRefused(
    `Refusing to start in development mode on HOST=${env.host}: development (demo member, console admin / kezhan123, ` +
      'simulated payment and social login) listens on a loopback address only (127.0.0.1, ::1, localhost). ' +
      'A node other machines reach runs in production: NODE_ENV=production with its secrets (docs/deploy.md).',
  );
}

export function assertSafeForProduction(env: ServerEnv): void {
  if (!env.isProduction) return;
  const problems: string[] = [];
  if (!env.jwtSecret || env.jwtSecret.length < 32)
    problems.push('JWT_SECRET must be set (at least 32 characters)');
  if (env.media.signingSecret.length < 32)
    problems.push('MEDIA_SIGNING_SECRET must be set (at least 32 characters)');
  if (env.media.keySecret.length < 32) problems.push('MEDIA_KEY_SECRET must be set (at least 32 characters)');
  if (env.captchaTestCode) problems.push('CAPTCHA_TEST_CODE must not be set');
  if (env.social.driver === 'dev') problems.push('SOCIAL_DRIVER must not be dev');
  if (env.faceId.driver === 'dev') problems.push('FACEID_DRIVER must not be dev');
  if (env.sms.driver === 'log') problems.push('SMS_DRIVER must be a real gateway (log only prints codes)');
  if (problems.length > 0) throw new StartRefused(`Refusing to start in production: ${problems.join('; ')}`);
}
