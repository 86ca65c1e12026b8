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

function hashTree(hash, target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      hashTree(hash, path.join(target, entry));
    }
  } else {
    hash.update(target);
    hash.update(fs.readFileSync(target));
  }
}

/** Builds a web app of the workspace when its sources (or the contract it imports) changed since its last build. */
function ensureAppBuild(folder, workspace, label, { force = false } = {}) {
  const dir = path.join(root, folder);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.build) return;
  const hash = createHash('sha256');
  for (const item of ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json']) {
    hashTree(hash, path.join(dir, item));
  }
  hashTree(hash, path.join(root, 'packages/contract/src'));
  const digest = hash.digest('hex');
  const stamp = path.join(dir, 'dist', '.build-stamp');
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  console.log(`› Building the ${label}…`);
  runOrExit('npm', ['run', 'build', '-w', workspace]);
  fs.writeFileSync(stamp, digest);
}

/** Builds the h5 when its sources (or the contract it imports) changed since the last build. */
export const ensureH5Build = (options) => ensureAppBuild('apps/h5', '@kezhan/h5', 'h5 app', options);

/** Builds the operator console (served at /admin) when its sources changed. */
export const ensureAdminBuild = (options) =>
  ensureAppBuild('apps/admin', '@kezhan/admin', 'operator console', options);

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

export function startServer(env = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...developerEnv(), ...env },
  });
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
