// Helpers for the root scripts. Node built-ins only: they run before dependencies are installed.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(marker) ||
    (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('› Installing dependencies (npm install)…');
  runOrExit('npm', ['install', '--no-audit', '--no-fund']);
}

function hashTree(hash, target, skip) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) {
      if (entry === 'node_modules' || entry === 'dist' || skip?.test(entry)) continue;
      hashTree(hash, path.join(target, entry), skip);
    }
  } else {
    hash.update(target);
    hash.update(fs.readFileSync(target));
  }
}

/**
 * The workspace apps that are built before they run in production: what their build reads (the
 * contract's sources too) and the file the build leaves its sources' digest in.
 */
const BUILT_APPS = {
  h5: {
    folder: 'apps/h5',
    workspace: '@kezhan/h5',
    label: 'h5 app',
    inputs: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'],
  },
  admin: {
    folder: 'apps/admin',
    workspace: '@kezhan/admin',
    label: 'operator console',
    inputs: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'],
  },
  // The server's bundle holds code only (migrations and demo files are read where they are), and
  // its tests never reach it.
  server: {
    folder: 'apps/server',
    workspace: '@kezhan/server',
    label: 'server',
    inputs: ['src', 'scripts', 'package.json'],
    skip: /\.test\.ts$/,
  },
};

function sourceDigest({ folder, inputs, skip }) {
  const hash = createHash('sha256');
  for (const item of inputs) hashTree(hash, path.join(root, folder, item), skip);
  hashTree(hash, path.join(root, 'packages/contract/src'));
  return hash.digest('hex');
}

const stampFile = (app) => path.join(root, app.folder, 'dist', '.build-stamp');

/** Builds a web app of the workspace when its sources (or the contract it imports) changed since its last build. */
function ensureAppBuild(app, { force = false } = {}) {
  const digest = sourceDigest(app);
  const stamp = stampFile(app);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  console.log(`› Building the ${app.label}…`);
  runOrExit('npm', ['run', 'build', '-w', app.workspace]);
  fs.writeFileSync(stamp, digest);
}

/** Builds the h5 when its sources (or the contract it imports) changed since the last build. */
export const ensureH5Build = (options) => ensureAppBuild(BUILT_APPS.h5, options);

/** Builds the operator console (served at /admin) when its sources changed. */
export const ensureAdminBuild = (options) => ensureAppBuild(BUILT_APPS.admin, options);

/** Bundles the server (apps/server/dist, what production runs) when its sources changed. */
export const ensureServerBuild = (options) => ensureAppBuild(BUILT_APPS.server, options);

/** The compiled server production runs (apps/server/scripts/build.mjs). */
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');

/**
 * Production builds nothing at start (the code is read-only for the service user): the server's
 * bundle must be there, or `npm start` stops with the command that makes it. The server itself
 * refuses to start without the h5 and the console (apps/server/src/config/built-apps.ts). A build
 * older than its sources only warns: it may have been made with the workspace's own build script.
 */
export function checkProductionBuilds() {
  if (!fs.existsSync(SERVER_BUNDLE)) {
    return {
      refusal:
        `Refusing to start in production: the server is not built (${SERVER_BUNDLE} is missing). ` +
        'Build the apps with `npm run build` (docs/deploy.md).\n' +
        '生产模式拒绝启动：服务端尚未构建，请先运行 npm run build。',
    };
  }
  const stale = Object.values(BUILT_APPS).filter((app) => {
    const stamp = stampFile(app);
    return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') !== sourceDigest(app);
  });
  return {
    warnings: stale.map(
      (app) => `! the ${app.label} in ${app.folder}/dist was built from older sources: run \`npm run build\``,
    ),
  };
}

/**
 * The environment of `npm start` / `npm run cli`: development (demo data, console SMS codes,
 * simulated payment and social login) only when NODE_ENV is unset or `development` and KEZHAN_DEV
 * is not set already; any other NODE_ENV (`production`, or a misspelt `prod`) starts production.
 * The server itself runs as production when started any other way (systemd unit, Docker), and
 * refuses development on an address other than loopback.
 */
export function developerEnv(source = process.env) {
  if (source.KEZHAN_DEV !== undefined) return source;
  if (source.NODE_ENV && source.NODE_ENV !== 'development') return source;
  return { ...source, KEZHAN_DEV: '1' };
}

/** Whether these variables start the server in development (see developerEnv). */
export const isDevelopment = (env) => env.KEZHAN_DEV === '1' && env.NODE_ENV !== 'production';

/**
 * Development runs the TypeScript sources through tsx (no build step between an edit and a
 * restart); production runs the bundle.
 */
export function startServer(env = {}) {
  const serverEnv = { ...developerEnv(), ...env };
  const entry = isDevelopment(serverEnv) ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [SERVER_BUNDLE];
  return spawn(process.execPath, entry, { cwd: root, stdio: 'inherit', env: serverEnv });
}

/** Whether an ffmpeg (FFMPEG_PATH, or on PATH) runs. */
export function hasFfmpeg() {
  const result = spawnSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-version'], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/**
 * Video transcoding needs ffmpeg (Debian's package also brings ffprobe). Installed with apt-get
 * when missing and possible (as root on Debian/Ubuntu); otherwise the server still starts and says
 * that transcoding is unavailable, and the tests that transcode are skipped.
 */
export function ensureFfmpeg() {
  if (hasFfmpeg()) return true;
  const isRoot = process.getuid?.() === 0;
  if (!process.env.FFMPEG_PATH && isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('› Installing ffmpeg (apt-get install ffmpeg) for video transcoding…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg']);
    if (hasFfmpeg()) return true;
  }
  console.warn(
    '! ffmpeg not found: uploaded videos cannot be transcoded (install ffmpeg, e.g. sudo apt-get install -y ffmpeg, or set FFMPEG_PATH)',
  );
  return false;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
