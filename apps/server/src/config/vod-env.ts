/**
 * Cloud VOD (modules/media/vod-playback.ts, providers/vod): which implementation plays a lesson
 * whose video lives in the school's Aliyun VOD or Tencent Cloud VOD library, and the vendors'
 * credentials and play-domain keys read from the environment. See docs/deploy.md "Cloud VOD".
 */
export interface VodEnv {
  /** `real` asks the vendors; `dev` answers the demo lesson without calling anyone (VOD_DRIVER). */
  driver: 'dev' | 'real';
  aliyun: AliyunVodEnv;
  tencent: TencentVodEnv;
}

export interface AliyunVodEnv {
  /** OpenAPI address (ALIYUN_VOD_ENDPOINT, default `https://vod.<region>.aliyuncs.com`). */
  endpoint: string;
  /** The library's region (ALIYUN_VOD_REGION, default cn-shanghai). */
  regionId: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The play domain's URL authentication (鉴权 A) primary key (ALIYUN_VOD_AUTH_KEY); empty: Aliyun's signed URLs are used as returned. */
  authKey: string;
  /** The play domain's 有效时长 in seconds, added by the CDN to the signed timestamp (ALIYUN_VOD_AUTH_VALIDITY, default 1800). */
  authValiditySeconds: number;
}

export interface TencentVodEnv {
  /** API 3.0 address (TENCENT_VOD_ENDPOINT, default https://vod.tencentcloudapi.com). */
  endpoint: string;
  region: string;
  /** The sub-application holding the library (TENCENT_VOD_SUB_APP_ID); empty: the main one. */
  subAppId: string;
  secretId: string;
  secretKey: string;
  /** The play domain's Key 防盗链 KEY (TENCENT_VOD_PLAY_KEY). */
  playKey: string;
  /** How many viewer IPs one play address serves (TENCENT_VOD_RLIMIT, 0 = no limit; default 3). */
  rlimit: number;
}

function count(
  value: string | undefined,
  fallback: number,
  name: string,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max)
    throw new Error(`${name} must be an integer from 0 to ${max}`);
  return parsed;
}

export function readVodEnv(source: NodeJS.ProcessEnv, isProduction: boolean): VodEnv {
  const driver = source.VOD_DRIVER || (isProduction ? 'real' : 'dev');
  if (driver !== 'dev' && driver !== 'real') throw new Error('VOD_DRIVER must be dev or real');
  const regionId = source.ALIYUN_VOD_REGION || 'cn-shanghai';
  return {
    driver,
    aliyun: {
      endpoint: (source.ALIYUN_VOD_ENDPOINT || `https://vod.${regionId}.aliyuncs.com`).replace(/\/+$/, ''),
      regionId,
      accessKeyId: source.ALIYUN_VOD_ACCESS_KEY_ID || '',
      accessKeySecret: source.ALIYUN_VOD_ACCESS_KEY_SECRET || '',
      authKey: source.ALIYUN_VOD_AUTH_KEY || '',
      authValiditySeconds: count(source.ALIYUN_VOD_AUTH_VALIDITY, 1800, 'ALIYUN_VOD_AUTH_VALIDITY'),
    },
    tencent: {
      endpoint: (source.TENCENT_VOD_ENDPOINT || 'https://vod.tencentcloudapi.com').replace(/\/+$/, ''),
      region: source.TENCENT_VOD_REGION || '',
      subAppId: source.TENCENT_VOD_SUB_APP_ID || '',
      secretId: source.TENCENT_VOD_SECRET_ID || source.TENCENT_SECRET_ID || '',
      secretKey: source.TENCENT_VOD_SECRET_KEY || source.TENCENT_SECRET_KEY || '',
      playKey: source.TENCENT_VOD_PLAY_KEY || '',
      rlimit: count(source.TENCENT_VOD_RLIMIT, 3, 'TENCENT_VOD_RLIMIT', 9),
    },
  };
}
