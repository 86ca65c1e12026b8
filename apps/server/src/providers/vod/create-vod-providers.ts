import type { VodEnv } from '../../config/vod-env';
import { AliyunVodClient } from './aliyun-vod-client';
import { DevVodProvider } from './dev-vod-provider';
import { TencentVodClient } from './tencent-vod-client';
import type { VodCredentialSource } from './vod-credentials';
import type { VodProvider, VodVendor } from './vod-provider';

/** One provider per vendor: the real clients, or the development stand-in (VOD_DRIVER=dev). */
export function createVodProviders(
  env: VodEnv,
  appUrl: string,
  credentials: VodCredentialSource,
): Record<VodVendor, VodProvider> {
  if (env.driver === 'dev')
    return { aliyun: new DevVodProvider('aliyun', appUrl), tencent: new DevVodProvider('tencent', appUrl) };
  return {
    aliyun: new AliyunVodClient(env.aliyun, credentials),
    tencent: new TencentVodClient(env.tencent, credentials),
  };
}
