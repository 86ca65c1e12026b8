import type { ServerEnv } from '../../config/env';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { DevFaceIdProvider } from './dev-faceid-provider';
import type { FaceIdProvider } from './faceid-provider';
import { TencentFaceIdClient } from './tencent-faceid-client';

export function createFaceIdProvider(env: ServerEnv, store: EphemeralStore): FaceIdProvider {
  return env.faceId.driver === 'dev'
    ? new DevFaceIdProvider(env.appUrl, store, env.isProduction)
    : new TencentFaceIdClient(env.faceId);
}
