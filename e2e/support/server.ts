import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (e2e/support → ../..). */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Every image captcha of the test server is answered by this text. */
export const CAPTCHA_CODE = 'abcd';

/** One SMS per mobile per this many seconds on the test server (60 in real deployments). */
export const SMS_RESEND_SECONDS = 2;

/**
 * How long a server may take to start (migrations, demo seed): 60 s, or `E2E_START_TIMEOUT_MS`
 * on a machine busy enough to need more.
 */
export const SERVER_START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS || 60_000);

/** The demo member seeded on a fresh database. */
export const DEMO_MEMBER = { mobile: '13800000000', password: 'kezhan123' } as const;

export interface KezhanServer {
  /** http://127.0.0.1:<port> — h5 and API on one origin. */
  baseURL: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far, one entry per line. */
  output: string[];
  /**
   * Waits for the dev SMS driver's line `[sms] mobile=<mobile> scene=… code=NNNNNN` and returns
   * the newest code for that mobile. Pass `after` (from `smsCount()`) to ignore earlier codes.
   */
  waitForSmsCode(
    mobile: string,
    options?: { after?: number; scene?: string; timeoutMs?: number },
  ): Promise<string>;
  /** How many SMS lines the server has printed; a marker for `waitForSmsCode({ after })`. */
  smsCount(): number;
  /** `npm run cli -- config:set <key> <value>` against this server's data directory. */
  setConfig(key: string, value: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const SMS_LINE = /\[sms\] mobile=(\S+) scene=(\S+) code=(\d+)/;

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`, the code path of
 * `npm start`) on a free port with a fresh temporary DATA_DIR, CAPTCHA_TEST_CODE and rate
 * limits off, serving the built h5 from apps/h5/dist.
 */
export async function startKezhan(extraEnv: Record<string, string> = {}): Promise<KezhanServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kezhan-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE: CAPTCHA_CODE,
    RATE_LIMIT_PER_MINUTE: '0',
    SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS),
    JOBS_ENABLED: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMS_DRIVER: 'log',
    H5_DIST_DIR: join(ROOT, 'apps/h5/dist'),
    NODE_ENV: 'development',
    KEZHAN_DEV: '1',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const output: string[] = [];
  const sms: { mobile: string; scene: string; code: string }[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      const m = SMS_LINE.exec(line);
      if (m) sms.push({ mobile: m[1], scene: m[2], code: m[3] });
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      // A server that has not started in time would otherwise outlive the run.
      child.kill('SIGKILL');
      fail(new Error(`server did not start:\n${output.join('\n')}`));
    }, SERVER_START_TIMEOUT_MS);
    const check = () => {
      if (output.some((l) => l.includes('Kezhan listening on'))) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });

  return {
    baseURL,
    port,
    dataDir,
    output,
    smsCount: () => sms.length,
    async waitForSmsCode(mobile, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const found = sms
          .slice(options.after ?? 0)
          .filter((s) => s.mobile === mobile && (!options.scene || s.scene === options.scene))
          .pop();
        if (found) return found.code;
        if (Date.now() > deadline)
          throw new Error(`no SMS code for ${mobile}; server said:\n${output.slice(-20).join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    // What `npm run cli -- config:set` does against a running server, without starting a CLI process.
    async setConfig(key, value) {
      const { url, token } = JSON.parse(readFileSync(join(dataDir, 'admin.json'), 'utf8')) as {
        url: string;
        token: string;
      };
      const response = await fetch(`${url}/internal/cli`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token },
        body: JSON.stringify({ argv: ['config:set', key, value] }),
      });
      const result = (await response.json()) as { exitCode: number; output: string[] };
      if (result.exitCode !== 0) throw new Error(`config:set ${key} failed: ${result.output.join('\n')}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let mobileCounter = 0;
/** A mainland mobile number no other test in this run uses (new members). */
export function uniqueMobile(): string {
  mobileCounter += 1;
  const tail = String((Date.now() % 1_000_000) * 100 + (mobileCounter % 100))
    .padStart(8, '0')
    .slice(-8);
  return `139${tail}`;
}
