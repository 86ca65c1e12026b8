import type { ServerEnv } from './config/env';
import type { DatabaseHandle, Db } from './shared/db/database';
import type { EphemeralStore } from './shared/store/ephemeral-store';
import type { TokenService } from './shared/auth/tokens';
import type { SettingsService } from './shared/settings/settings-service';
import type { SmsSender } from './providers/sms/sms-sender';
import type { ImageCaptchaService } from './modules/captcha/image-captcha';
import type { SmsCodeService } from './modules/captcha/sms-codes';
import type { Metrics } from './modules/ops/metrics';

/**
 * What a running API node is made of. Built once by `createServices` (main, CLI, tests) and
 * attached to Fastify as `app.services`; later modules add their providers here.
 */
export interface AppServices {
  env: ServerEnv;
  database: DatabaseHandle;
  db: Db;
  store: EphemeralStore;
  tokens: TokenService;
  settings: SettingsService;
  sms: SmsSender;
  imageCaptcha: ImageCaptchaService;
  smsCodes: SmsCodeService;
  /** Prometheus metrics of this node (HTTP requests, jobs, database pool), served at /metrics. */
  metrics: Metrics;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
