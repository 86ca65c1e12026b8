import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/shared/db/database';

// Production runs the bundle (apps/server/dist, `npm run build`), not the TypeScript sources: it
// must find its migrations, demo content and public files from there, serve the built apps, and
// refuse to start in production when one of them was never built.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');
const MIGRATIONS = path.join(ROOT, 'apps/server/src/shared/db/migrations');
const SECRET = 'a-production-secret-of-forty-characters!';

let scratch: string;

beforeAll(() => {
  // Builds the bundle when the server's sources changed since its last build, as `npm run build`.
  execFileSync(
    process.execPath,
    ['-e', "import('./scripts/lib.mjs').then((lib) => lib.ensureServerBuild())"],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-compiled-'));
}, 120_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  exited: Promise<number | null>;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Runs a program with only these variables set beside PATH (nothing of the test's own environment). */
function run(args: string[], env: Record<string, string>, cwd = ROOT): Started {
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    exited,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitForHealth(base: string, server: Started): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const answer = await fetch(`${base}/readyz`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the compiled server never answered /readyz:\n${server.output()}`);
}

/** A stand-in for a built app: the files the server looks for, with a mark to find in its answers. */
function fakeBuild(dir: string, mark: string, files: Record<string, string> = {}): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${mark}</title></head><body><div id="root"></div></body></html>`,
  );
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the compiled server (apps/server/dist/main.js)', () => {
  it('migrates a fresh database, seeds the demo and serves the API, public files, the h5 and the console', async () => {
    const dataDir = path.join(scratch, 'data');
    const h5 = fakeBuild(path.join(scratch, 'h5/dist'), 'h5 build');
    const admin = fakeBuild(path.join(scratch, 'admin/dist'), 'console build', {
      'assets/console-1a2b3c4d.js': 'console.log("console")',
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run([BUNDLE], {
      KEZHAN_DEV: '1',
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      H5_DIST_DIR: h5,
      ADMIN_DIST_DIR: admin,
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitForHealth(base, server);
      expect(server.output()).toContain(`Kezhan listening on ${base}`);
      expect(server.output()).toContain('demo data seeded (first run)');

      // The demo catalogue (src/seed/demo-content) was imported through the bundle.
      const courses = await (await fetch(`${base}/api/v2/courses?page=1&page_size=3`)).json();
      expect(courses.code).toBe(0);
      expect(courses.data.total).toBeGreaterThan(0);
      const cover = new URL(courses.data.data[0].thumb);
      expect(cover.pathname).toMatch(/^\/demo\//);
      // Public files (apps/server/public) are found from the bundle.
      const image = await fetch(`${base}${cover.pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');

      const page = await fetch(`${base}/course/1`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>h5 build</title>');
      const consolePage = await fetch(`${base}/admin/`);
      expect(await consolePage.text()).toContain('<title>console build</title>');
      const consoleScript = await fetch(`${base}/admin/assets/console-1a2b3c4d.js`);
      expect(consoleScript.status).toBe(200);
      expect(await consoleScript.text()).toBe('console.log("console")');
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // Every migration file ran, once, from the committed folder (the bundle holds no SQL).
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const applied = await database.db
        .selectFrom('schema_migrations')
        .select('name')
        .orderBy('name')
        .execute();
      const files = fs
        .readdirSync(MIGRATIONS)
        .filter((file) => file.endsWith('.sql'))
        .sort();
      expect(files.length).toBeGreaterThan(0);
      expect(applied.map((row) => row.name)).toEqual(files);
    } finally {
      await database.close();
    }
  }, 150_000);

  it('in production, refuses to start when the h5 and the console were never built, before opening the database', async () => {
    const dataDir = path.join(scratch, 'refused');
    const server = run([BUNDLE], {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      MEDIA_SIGNING_SECRET: SECRET,
      MEDIA_KEY_SECRET: SECRET,
      SMS_DRIVER: 'aliyun',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      H5_DIST_DIR: path.join(scratch, 'nothing/h5/dist'),
      ADMIN_DIST_DIR: path.join(scratch, 'nothing/admin/dist'),
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Refusing to start in production: ' +
        `the h5 app is not built (${path.join(scratch, 'nothing/h5/dist/index.html')} is missing); ` +
        `the h5's first-screen renderer is not built (${path.join(scratch, 'nothing/h5/dist-ssr/first-screen.js')} is missing); ` +
        `the operator console is not built (${path.join(scratch, 'nothing/admin/dist/index.html')} is missing). ` +
        'Build the apps with `npm run build` (docs/deploy.md), or point H5_DIST_DIR / ADMIN_DIST_DIR at their builds.\n' +
        '生产模式拒绝启动：前端应用尚未构建，请先运行 npm run build。',
    );
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);

  it('in production, names only what is missing: a built h5 without the console', async () => {
    const h5 = fakeBuild(path.join(scratch, 'half/h5/dist'), 'h5 build');
    fakeBuild(path.join(scratch, 'half/h5/dist-ssr'), 'first screen', { 'first-screen.js': 'export {}' });
    const server = run([BUNDLE], {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      MEDIA_SIGNING_SECRET: SECRET,
      MEDIA_KEY_SECRET: SECRET,
      SMS_DRIVER: 'aliyun',
      PORT: String(await freePort()),
      DATA_DIR: path.join(scratch, 'half/data'),
      H5_DIST_DIR: h5,
      ADMIN_DIST_DIR: path.join(scratch, 'half/admin/dist'),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `Refusing to start in production: the operator console is not built (${path.join(scratch, 'half/admin/dist/index.html')} is missing). Build the apps`,
    );
    expect(server.output()).not.toContain('the h5');
  }, 60_000);
});

describe('the bundle and the image', () => {
  it("imports nothing beyond Node's own modules and the server's dependencies (the image installs no others)", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8'));
    const installed = new Set(Object.keys(manifest.dependencies));
    const dist = path.dirname(BUNDLE);
    const code = fs
      .readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    const packages = new Set(
      [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"'./][^"']*)["']/g)]
        .map(([, specifier]) => specifier)
        .filter((specifier) => !specifier.startsWith('node:'))
        .map((specifier) =>
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(packages.size).toBeGreaterThan(10);
    expect([...packages].filter((name) => !installed.has(name))).toEqual([]);
    // The workspace's own contract is TypeScript: it is bundled, never imported at run time.
    expect(packages.has('@kezhan/contract')).toBe(false);
    expect(packages.has('tsx')).toBe(false);
  });

  it('is what the image and the systemd unit run, and the image builds every app it serves', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const workspace of ['@kezhan/h5', '@kezhan/admin', '@kezhan/server']) {
      expect(dockerfile).toContain(`npm run build --workspace ${workspace}`);
    }
    for (const built of ['apps/server/dist', 'apps/h5/dist', 'apps/h5/dist-ssr', 'apps/admin/dist']) {
      expect(runtime).toContain(`COPY --from=build /app/${built} ${built}\n`);
    }
    expect(runtime).toContain('--omit=dev');
    expect(runtime).toMatch(/\nCMD \["node", "apps\/server\/dist\/main\.js"\]\n$/);
    const unit = fs.readFileSync(path.join(ROOT, 'deploy/kezhan.service'), 'utf8');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node apps\/server\/dist\/main\.js$/m);
    expect(`${runtime}\n${unit}`).not.toContain('tsx');
  });

  it('loads MySQL (migrate:meedu), sharp (the first image) and PGlite (no DATABASE_URL) only when used', () => {
    const dist = path.dirname(BUNDLE);
    const code = fs
      .readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    for (const name of ['mysql2/promise', 'sharp', '@electric-sql/pglite']) {
      expect(code, name).toContain(`import("${name}")`);
      expect(code, name).not.toMatch(new RegExp(`from\\s*"${name}"`));
    }
  });
});

describe('npm start in production', () => {
  /** A checkout with the start scripts and, when given, a server bundle. */
  function checkout(name: string, bundle?: string): string {
    const dir = path.join(scratch, name);
    fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
    for (const file of ['start.mjs', 'lib.mjs']) {
      fs.copyFileSync(path.join(ROOT, 'scripts', file), path.join(dir, 'scripts', file));
    }
    if (bundle !== undefined) {
      fs.mkdirSync(path.join(dir, 'apps/server/dist'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'apps/server/dist/main.js'), bundle);
    }
    return dir;
  }

  it('stops with the command that builds the server when its bundle is missing, building nothing', async () => {
    const dir = checkout('unbuilt');
    const start = run([path.join(dir, 'scripts/start.mjs')], { NODE_ENV: 'production' }, dir);
    expect(await start.exited).toBe(1);
    expect(start.output().trim()).toBe(
      `Refusing to start in production: the server is not built (${path.join(dir, 'apps/server/dist/main.js')} is missing). ` +
        'Build the apps with `npm run build` (docs/deploy.md).\n' +
        '生产模式拒绝启动：服务端尚未构建，请先运行 npm run build。',
    );
    expect(fs.readdirSync(dir).sort()).toEqual(['scripts']);
  });

  it('runs the bundle with node itself (no tsx), in the environment it was given', async () => {
    const dir = checkout(
      'built',
      'console.log(JSON.stringify({ argv: process.execArgv, entry: process.argv[1], nodeEnv: process.env.NODE_ENV, dev: process.env.KEZHAN_DEV ?? null }));',
    );
    const start = run([path.join(dir, 'scripts/start.mjs')], { NODE_ENV: 'production' }, dir);
    expect(await start.exited).toBe(0);
    expect(JSON.parse(start.output())).toEqual({
      argv: [],
      entry: path.join(dir, 'apps/server/dist/main.js'),
      nodeEnv: 'production',
      dev: null,
    });
  });
});
