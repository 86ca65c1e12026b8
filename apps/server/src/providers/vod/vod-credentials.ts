import type { VodEnv } from '../../config/vod-env';

export interface AliyunVodCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  /** The play domain's URL authentication (鉴权 A) key; '' = use Aliyun's signed URLs as returned. */
  authKey: string;
}

export interface TencentVodCredentials {
  secretId: string;
  secretKey: string;
  /** The play domain's Key 防盗链 KEY. */
  playKey: string;
}

/**
 * Where the providers find the vendors' secrets. They ask on every call, so a source whose answer
 * changes (the console's sealed settings, a later piece of work) needs no restart and no change to
 * the providers: it is another implementation of this interface (falling back to the environment's).
 */
export interface VodCredentialSource {
  aliyun(): Promise<AliyunVodCredentials | null>;
  tencent(): Promise<TencentVodCredentials | null>;
}

/** The credentials in the environment (ALIYUN_VOD_*, TENCENT_VOD_*); null where one is missing. */
export function envVodCredentials(env: VodEnv): VodCredentialSource {
  const { aliyun, tencent } = env;
  return {
    aliyun: async () =>
      aliyun.accessKeyId && aliyun.accessKeySecret
        ? {
            accessKeyId: aliyun.accessKeyId,
            accessKeySecret: aliyun.accessKeySecret,
            authKey: aliyun.authKey,
          }
        : null,
    tencent: async () =>
      tencent.secretId && tencent.secretKey && tencent.playKey
        ? { secretId: tencent.secretId, secretKey: tencent.secretKey, playKey: tencent.playKey }
        : null,
  };
}
