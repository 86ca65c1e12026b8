// `npm test`: install what is missing, then run every suite: typecheck, unit and API integration
// tests (PGlite, and PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set), then browser
// end-to-end tests in Debian's Chromium against the real server. The MeEdu migration tests need a
// MariaDB or MySQL at MEEDU_TEST_MYSQL (default mysql://root@127.0.0.1:3306): they fail without it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import {
  ensureAdminBuild,
  ensureDependencies,
  ensureFfmpeg,
  ensureH5Build,
  root,
  run,
  runOrExit,
} from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('› Installing Chromium (apt-get install chromium)…');
    run('apt-get', ['update', '-qq']);
    runOrExit('apt-get', ['install', '-y', '-qq', 'chromium']);
    if (fs.existsSync(CHROMIUM)) return;
  }
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}

const started = Date.now();
const results = [];
function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name}`);
  const t0 = Date.now();
  const status = run(command, args, { env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - t0) / 1000) });
}

/**
 * Runs independent checks at the same time (each is single-threaded; the machine has more cores)
 * and prints each one's output as a block when it ends, so the log stays readable.
 */
async function parallelSteps(steps) {
  const t0 = Date.now();
  await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            console.log(`\n━━ ${name}\n${output.trimEnd()}`);
            results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - t0) / 1000) });
            resolve();
          });
        }),
    ),
  );
}

ensureDependencies();
ensureChromium();
ensureFfmpeg();
await parallelSteps([
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  {
    name: 'format (prettier --check)',
    command: 'npx',
    args: ['prettier', '--check', '--log-level', 'warn', '.'],
  },
  { name: 'unused files, exports and dependencies (knip)', command: 'npx', args: ['knip', '--no-progress'] },
]);
step(
  'server: unit + API tests (PGlite, in-memory state)',
  'npx',
  ['vitest', 'run', '--root', 'apps/server'],
  {
    TEST_DATABASE: 'pglite',
  },
);
if (process.env.DATABASE_URL) {
  step('server: API tests (PostgreSQL + Redis)', 'npx', ['vitest', 'run', '--root', 'apps/server'], {
    TEST_DATABASE: 'postgres',
  });
} else {
  console.log('\n(DATABASE_URL not set: the PostgreSQL + Redis pass is skipped)');
}
if (JSON.parse(fs.readFileSync('apps/h5/package.json', 'utf8')).scripts?.test) {
  step('h5: unit + component tests', 'npm', ['test', '-w', '@kezhan/h5']);
}
if (fs.existsSync('e2e/playwright.config.ts')) {
  ensureH5Build();
  ensureAdminBuild();
  step('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
}

console.log('\n━━ Summary');
for (const result of results) console.log(`${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds}s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`total ${Math.round((Date.now() - started) / 1000)}s`);
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
