import fs from 'node:fs';
import { readEnv } from '../config/env';
import { closeServices, createServices } from '../create-services';
import { adminFile } from './admin-endpoint';
import { runCommand, type CommandResult } from './run-command';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends the command to the running server when there is one; otherwise opens the database itself. */
async function viaRunningServer(dataDir: string, argv: string[]): Promise<CommandResult | undefined> {
  let admin: { url: string; token: string; pid: number };
  try {
    admin = JSON.parse(fs.readFileSync(adminFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  try {
    const response = await fetch(`${admin.url}/internal/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': admin.token },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status === 200) return (await response.json()) as CommandResult;
  } catch {
    // Fall through: the server may have stopped without removing its file.
  }
  if (isAlive(admin.pid)) {
    throw new Error(
      `The server (pid ${admin.pid}) holds ${dataDir} but did not answer; try again when it is up.`,
    );
  }
  return undefined;
}

async function main() {
  const argv = process.argv.slice(2);
  const env = readEnv();
  const needsServices = argv.length > 0 && !argv.includes('--help') && argv[0] !== 'help';
  let result = needsServices ? await viaRunningServer(env.dataDir, argv) : undefined;
  if (!result) {
    const services = needsServices ? await createServices(env) : undefined;
    try {
      result = await runCommand(services, argv);
    } finally {
      if (services) await closeServices(services);
    }
  }
  for (const line of result.output) console.log(line);
  process.exitCode = result.exitCode;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
