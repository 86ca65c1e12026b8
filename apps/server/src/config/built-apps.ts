import fs from 'node:fs';
import path from 'node:path';
import { H5_FIRST_SCREEN_MODULE } from '@kezhan/contract/h5-boot';
import { StartRefused, type ServerEnv } from './env';

/** The files without which a production node would answer its pages with nothing. */
function builtAppFiles(env: ServerEnv): { app: string; file: string }[] {
  return [
    { app: 'the h5 app', file: path.join(env.h5DistDir, 'index.html') },
    { app: "the h5's first-screen renderer", file: path.resolve(env.h5DistDir, H5_FIRST_SCREEN_MODULE) },
    { app: 'the operator console', file: path.join(env.adminDistDir, 'index.html') },
  ];
}

/**
 * A production node that serves HTTP refuses to start when the h5 or the console has not been
 * built: without them it would answer `/` and `/admin` with a blank 404 and look healthy to a
 * load balancer. Development serves what is there (`npm start` builds it first); a worker node
 * (KEZHAN_ROLE=worker) serves no pages.
 */
export function assertBuiltApps(env: ServerEnv): void {
  if (!env.isProduction || env.role === 'worker') return;
  const missing = builtAppFiles(env).filter(({ file }) => !fs.existsSync(file));
  if (missing.length === 0) return;
  throw new StartRefused(
    `Refusing to start in production: ${missing.map(({ app, file }) => `${app} is not built (${file} is missing)`).join('; ')}. ` +
      'Build the apps with `npm run build` (docs/deploy.md), or point H5_DIST_DIR / ADMIN_DIST_DIR at their builds.\n' +
      '生产模式拒绝启动：前端应用尚未构建，请先运行 npm run build。',
  );
}
