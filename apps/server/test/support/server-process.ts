import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Real API processes for the tests that need one (several nodes, a node killed mid-operation):
 * `node --import tsx apps/server/src/main.ts` from the repository root, with the given env.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiNode {
  name: string;
  port: number;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export function startNode(name: string, port: number, env: Record<string, string>): ApiNode {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, process: child, output, exited };
}

export async function waitReady(node: ApiNode, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.process.exitCode !== null) {
      throw new Error(
        `${node.name} exited (${node.process.exitCode}):\n${node.output.slice(-30).join('\n')}`,
      );
    }
    try {
      const response = await fetch(`http://127.0.0.1:${node.port}/readyz`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${node.name} not ready after ${timeoutMs} ms:\n${node.output.slice(-30).join('\n')}`);
}

export async function stopNode(node: ApiNode | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!node || node.process.exitCode !== null || node.process.signalCode !== null) return;
  node.process.kill(signal);
  const stopped = await Promise.race([node.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) node.process.kill('SIGKILL');
}

/** Kills the process at once (no shutdown hooks, nothing flushed) and waits until it is gone. */
export async function killNode(node: ApiNode): Promise<void> {
  if (node.process.exitCode !== null || node.process.signalCode !== null) return;
  node.process.kill('SIGKILL');
  await node.exited;
}
