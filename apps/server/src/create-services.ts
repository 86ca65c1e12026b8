import path from 'node:path';
import { assertSafeForProduction, type ServerEnv } from './config/env';
import { openDatabase, type DatabaseHandle } from './shared/db/database';
import { migrate } from './shared/db/migrate';
import { MemoryStore } from './shared/store/memory-store';
import { RedisStore } from './shared/store/redis-store';
import type { EphemeralStore } from './shared/store/ephemeral-store';
import { resolveJwtSecret, TokenService } from './shared/auth/tokens';
import { AnswerCache } from './shared/cache/answer-cache';
import { SettingsService } from './shared/settings/settings-service';
import { createSmsSender } from './providers/sms/create-sms-sender';
import type { SmsSender } from './providers/sms/sms-sender';
import type { AppServices } from './services';
import { ImageCaptchaService } from './modules/captcha/image-captcha';
import { SmsCodeService } from './modules/captcha/sms-codes';
import { createFileStorage } from './providers/storage/create-file-storage';
import { createOAuthProviders } from './providers/oauth/create-oauth-providers';
import { createFaceIdProvider } from './providers/faceid/create-faceid-provider';
import { deriveSocialStateKey } from './modules/social/oauth-state';
import { LOGIN_HOOKS } from './modules/registry';
import { Metrics } from './shared/metrics';
import { deriveMediaSigningKey, MediaService } from './modules/media/media-service';
import { KeyVault, resolveMediaKeySecret } from './shared/crypto/key-vault';
import { MediaSigner } from './modules/media/signing';
import { S3MediaStore } from './modules/media/object-store';
import { currentVideoAccess } from './modules/courses/videos';
import './modules/media/tables';
import { VodPlayback } from './modules/media/vod-playback';
import { createVodProviders } from './providers/vod/create-vod-providers';
import { envVodCredentials } from './providers/vod/vod-credentials';

export interface ServiceOverrides {
  store?: EphemeralStore;
  sms?: SmsSender;
  now?: () => Date;
  /** PGlite folder; `'memory'` for tests. Defaults to `<DATA_DIR>/pglite`. */
  pgliteDir?: string;
  pgliteTemplate?: Blob;
  /** An already opened database (tests hand out reused ones); closing it stays with the caller. */
  database?: DatabaseHandle;
}

export async function createServices(env: ServerEnv, overrides: ServiceOverrides = {}): Promise<AppServices> {
  assertSafeForProduction(env);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      pgliteDir: overrides.pgliteDir ?? path.join(env.dataDir, 'pglite'),
      pgliteTemplate: overrides.pgliteTemplate,
    }));
  await migrate(database);
  const now = overrides.now ?? (() => new Date());
  const store =
    overrides.store ??
    (env.redisUrl ? RedisStore.connect(env.redisUrl, env.redisKeyPrefix) : new MemoryStore());
  const sms = overrides.sms ?? createSmsSender(env.sms);
  const keySecret = resolveMediaKeySecret(env);
  const settings = new SettingsService(database.db, 1000, () => now().getTime());
  return {
    env,
    database,
    db: database.db,
    store,
    tokens: new TokenService(resolveJwtSecret(env), env.jwtTtlMinutes * 60, () => now().getTime()),
    settings,
    siteContent: new AnswerCache(1000, () => now().getTime()),
    sms,
    imageCaptcha: new ImageCaptchaService(store, env.captchaTestCode),
    smsCodes: new SmsCodeService(store, sms, database.db, env.smsResendSeconds),
    storage: createFileStorage(env, now),
    oauth: createOAuthProviders(env, store),
    socialStateKey: deriveSocialStateKey(env.social.stateSecret, resolveJwtSecret(env)),
    faceId: createFaceIdProvider(env, store),
    metrics: new Metrics({ poolStats: database.poolStats }),
    totpVault: new KeyVault(keySecret, env.media.previousKeySecrets, 'admin-totp'),
    media: new MediaService({
      db: database.db,
      env,
      vault: new KeyVault(keySecret, env.media.previousKeySecrets, 'media-key'),
      signer: new MediaSigner(deriveMediaSigningKey(env.media.signingSecret, resolveJwtSecret(env))),
      settings,
      now,
      objectStore: env.storage.driver === 's3' ? new S3MediaStore(env.storage.s3, now) : null,
      videoAccess: currentVideoAccess,
    }),
    vod: new VodPlayback({
      db: database.db,
      providers: createVodProviders(env.vod, env.appUrl, envVodCredentials(env.vod)),
      ttlSeconds: env.media.urlTtlSeconds,
      now,
    }),
    loginHooks: LOGIN_HOOKS,
    now,
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.store.close();
  await services.database.close();
}
