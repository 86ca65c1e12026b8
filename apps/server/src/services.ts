import type { ServerEnv } from './config/env';
import type { DatabaseHandle, Db } from './shared/db/database';
import type { EphemeralStore } from './shared/store/ephemeral-store';
import type { TokenService } from './shared/auth/tokens';
import type { SettingsService } from './shared/settings/settings-service';
import type { AnswerCache } from './shared/cache/answer-cache';
import type { SmsSender } from './providers/sms/sms-sender';
import type { FileStorage } from './providers/storage/file-storage';
import type { OAuthProviders } from './providers/oauth/oauth-provider';
import type { FaceIdProvider } from './providers/faceid/faceid-provider';
import type { Metrics } from './shared/metrics';
import type { KeyVault } from './shared/crypto/key-vault';

/** A step a feature runs inside the transaction of every successful login. */
export type LoginHook = (trx: Db, userId: number, now: Date) => Promise<void>;

/**
 * What a running API node is made of. Built once by `createServices` (main, CLI, tests) and
 * attached to Fastify as `app.services`. It names no feature: a feature whose service every node
 * holds adds its member from its own folder (`declare module '../../services'`, as `tables.ts`
 * adds tables), so this kernel type never imports a module.
 */
export interface AppServices {
  env: ServerEnv;
  database: DatabaseHandle;
  db: Db;
  store: EphemeralStore;
  tokens: TokenService;
  settings: SettingsService;
  /** Navigation, links, sliders and home blocks as answered, cached like the settings (shared/cache). */
  siteContent: AnswerCache;
  sms: SmsSender;
  /** Uploaded files (avatars): local folder or S3-compatible bucket, see providers/storage. */
  storage: FileStorage;
  /** QQ and WeChat OAuth (real or development), see modules/social. */
  oauth: OAuthProviders;
  /** Key that signs the social-login `state`. */
  socialStateKey: Buffer;
  /** Tencent FaceID (real or development), see modules/face-verify. */
  faceId: FaceIdProvider;
  /** Prometheus metrics of this node (HTTP requests, jobs, database pool), served at /metrics. */
  metrics: Metrics;
  /** Seals administrators' TOTP secrets in the database (shared/crypto/key-vault.ts). */
  totpVault: KeyVault;
  /** Steps the feature modules run in every login's transaction (modules/registry.ts). */
  loginHooks: readonly LoginHook[];
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
