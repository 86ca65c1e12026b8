import { assertDevelopmentOnLoopback, assertSafeForProduction, readEnv, StartRefused } from './config/env';
import { assertBuiltApps } from './config/built-apps';
import { closeServices, createServices } from './create-services';
import { buildApp } from './app';
import { registerAdminEndpoint, removeAdminFile, writeAdminFile } from './cli/admin-endpoint';
import { DEMO_MEMBER, seedDemoIfEmpty } from './seed/demo-seed';
import { startScheduler } from './kernel/scheduler';
import { JOBS } from './modules/registry';
import type { AppServices } from './services';
import type { MediaLogger } from './modules/media/media-service';
import { TranscodeWorker } from './modules/media/worker';
import { probeTools } from './modules/media/ffmpeg';
import { readableLogStream } from './shared/http/readable-log';
import { DEMO_ADMIN, seedDemoAdministrator } from './modules/admin/demo-seed';

/** Nodes started together on an empty database seed it once: the first holder of this lock. */
const SEED_LOCK_ID = 72_530_002;

async function main() {
  const env = readEnv();
  assertDevelopmentOnLoopback(env);
  // Every reason to refuse, before the database is opened: the secrets first, then the built apps.
  assertSafeForProduction(env);
  assertBuiltApps(env);
  // Whether ffmpeg runs is learnt beside the start's other work, not later on a blocked event loop.
  const toolsProbed = probeTools([env.media.ffmpegPath, env.media.ffprobePath]);
  const services = await createServices(env);
  if (env.role === 'worker') return runWorkerOnly(services, toolsProbed);
  // Production starts empty: the demo member's password is public.
  const seeded = env.isProduction
    ? false
    : await services.database.withAdvisoryLock(SEED_LOCK_ID, async () => {
        const demo = await seedDemoIfEmpty(services);
        await seedDemoAdministrator(services);
        return demo;
      });
  const logStream = env.logFormat === 'readable' ? readableLogStream() : undefined;
  const app = await buildApp(services, { serveH5: true, logStream });
  const { token } = registerAdminEndpoint(app);
  await app.listen({ host: env.host, port: env.port });
  const localUrl = `http://${env.host.includes(':') ? `[${env.host}]` : env.host}:${env.port}`;
  writeAdminFile(env.dataDir, localUrl.replace('0.0.0.0', '127.0.0.1'), token);
  services.media.logger = app.log;
  await toolsProbed;
  const scheduler = startScheduler(services, JOBS, app.log);
  const worker = startTranscodeWorker(services, app.log);

  const lines = [
    `Kezhan listening on ${localUrl}`,
    `  database: ${services.database.kind === 'pglite' ? `PGlite in ${env.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
    `  ephemeral state: ${env.redisUrl ? 'Redis (REDIS_URL)' : 'in memory'}`,
    seeded ? '  demo data seeded (first run)' : '',
    env.isProduction ? '' : `  demo login: mobile ${DEMO_MEMBER.mobile}, password ${DEMO_MEMBER.password}`,
    env.isProduction
      ? `  operator console: ${localUrl}/admin (create an administrator with: npm run cli -- admin:create <username>)`
      : `  operator console: ${localUrl}/admin, login ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`,
    videoLine(services, worker),
    services.sms.name === 'log'
      ? '  SMS codes are not sent: each one is printed here as "[sms] mobile=… scene=… code=…"'
      : `  SMS driver: ${services.sms.name}`,
  ].filter(Boolean);
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    removeAdminFile(env.dataDir);
    await Promise.all([scheduler?.stop(), worker?.stop()]);
    await app.close();
    await closeServices(services);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** KEZHAN_ROLE=api runs no transcode worker; JOBS_ENABLED=0 runs no background work at all. */
function startTranscodeWorker(services: AppServices, logger: MediaLogger): TranscodeWorker | undefined {
  if (services.env.role === 'api' || !services.env.jobsEnabled) return undefined;
  const worker = new TranscodeWorker(services.media, {
    concurrency: services.env.media.transcodeConcurrency,
    logger,
  });
  worker.start();
  return worker;
}

function videoLine(services: AppServices, worker: TranscodeWorker | undefined): string {
  if (!worker) return '  video: this node does not transcode (KEZHAN_ROLE=api or JOBS_ENABLED=0)';
  return services.media.ffmpegAvailable
    ? `  video: ffmpeg found, ${services.env.media.transcodeConcurrency} transcode(s) at a time in the background`
    : '  video: TRANSCODING UNAVAILABLE, ffmpeg not found (install ffmpeg or set FFMPEG_PATH); the demo plays, uploaded videos wait';
}

/** One JSON line per entry, as the API nodes' log (a worker has no Fastify logger). */
function jsonLogger(level: string) {
  const quiet = level === 'silent';
  const write = (name: string) => (details: object, message: string) => {
    if (quiet || (name === 'debug' && level !== 'debug' && level !== 'trace')) return;
    process.stdout.write(`${JSON.stringify({ level: name, time: Date.now(), ...details, msg: message })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error'), debug: write('debug') };
}

/** KEZHAN_ROLE=worker: no HTTP listener, only the transcode worker and the scheduled jobs. */
async function runWorkerOnly(services: AppServices, toolsProbed: Promise<void>): Promise<void> {
  await toolsProbed;
  const logger = jsonLogger(services.env.logLevel);
  services.media.logger = logger;
  const scheduler = startScheduler(services, JOBS, logger);
  const worker = new TranscodeWorker(services.media, {
    concurrency: services.env.media.transcodeConcurrency,
    logger,
  });
  worker.start();
  process.stdout.write(
    `Kezhan transcode worker: ${services.env.media.transcodeConcurrency} transcode(s) at a time, ` +
      `${services.media.ffmpegAvailable ? 'ffmpeg found' : 'TRANSCODING UNAVAILABLE (ffmpeg not found)'}\n`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await Promise.all([scheduler?.stop(), worker.stop()]);
    await closeServices(services);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof StartRefused) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
