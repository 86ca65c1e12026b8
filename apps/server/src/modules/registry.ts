import type { FastifyPluginAsync } from 'fastify';
import type { CliCommand } from '../kernel/command';
import type { ScheduledJob } from '../kernel/job';
import type { FeatureModule } from '../kernel/module';
import { jobCommands } from '../kernel/job-commands';
import type { LoginHook } from '../services';
import { opsModule } from './ops';
import { systemModule } from './system';
import { captchaModule } from './captcha';
import { authModule } from './auth';
import { memberModule } from './member';
import { messagesModule } from './messages';
import { coursesModule } from './courses';
import { mediaModule } from './media';
import { socialModule } from './social';
import { faceVerifyModule } from './face-verify';
import { ordersModule } from './orders';
import { paymentsModule } from './payments';
import { announcementsModule } from './announcements';
import { navigationModule } from './navigation';
import { agreementsModule } from './agreements';
import { adminModule } from './admin';
import { commentsModule } from './comments';
import { creditsModule } from './credits';
import { wechatShareModule } from './wechat-share';
import { dashboardModule } from './dashboard';
import { meeduImportModule } from './meedu-import';

/**
 * Every feature of the server. ops comes first: its global hooks (metrics, the route list behind
 * /api/docs) must see every route. Lock ids of jobs are 72_530_050 + n and never reused.
 */
export const MODULES: readonly FeatureModule[] = [
  opsModule,
  systemModule,
  captchaModule,
  authModule,
  memberModule,
  messagesModule,
  coursesModule,
  mediaModule,
  socialModule,
  faceVerifyModule,
  ordersModule,
  paymentsModule,
  announcementsModule,
  navigationModule,
  agreementsModule,
  adminModule,
  commentsModule,
  creditsModule,
  wechatShareModule,
  dashboardModule,
  meeduImportModule,
];

/** Route plugins of every module, registered in this order by `buildApp`. */
export const API_MODULES: FastifyPluginAsync[] = MODULES.flatMap((module) => module.routes ?? []);
/** Every scheduled job; intervals can be changed per deployment with JOB_INTERVALS. */
export const JOBS: ScheduledJob[] = MODULES.flatMap((module) => module.jobs ?? []);
/** Every operator command (`npm run cli -- --help`): the scheduler's, then each module's. */
export const CLI_COMMANDS: CliCommand[] = [
  ...jobCommands(JOBS),
  ...MODULES.flatMap((module) => module.commands ?? []),
];
/** Run inside the transaction of every successful login. */
export const LOGIN_HOOKS: LoginHook[] = MODULES.flatMap((module) => module.loginHooks ?? []);
