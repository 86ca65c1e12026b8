import type { AppServices } from '../services';
import { CommandError } from '../kernel/command';
import { CLI_COMMANDS, findCommand } from './registry';

export interface CommandResult {
  exitCode: number;
  output: string[];
}

function helpText(): string[] {
  return [
    'Usage: npm run cli -- <command> [arguments]   (add --help after a command for its usage)',
    '',
    ...CLI_COMMANDS.map((command) => `  ${command.usage.padEnd(42)} ${command.summary}`),
  ];
}

/** Runs one CLI invocation against a set of services and collects what it printed. */
export async function runCommand(services: AppServices | undefined, argv: string[]): Promise<CommandResult> {
  const output: string[] = [];
  const out = { line: (text: string) => void output.push(text) };
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') return { exitCode: 0, output: helpText() };
  const command = findCommand(name);
  if (!command) return { exitCode: 1, output: [`Unknown command: ${name}`, ...helpText()] };
  if (args.includes('--help'))
    return { exitCode: 0, output: [`Usage: npm run cli -- ${command.usage}`, command.summary] };
  if (!services) return { exitCode: 1, output: ['No services available'] };
  try {
    await command.run(services, args, out);
    // A command may have changed navigation, sliders, blocks or courses: this process's cached
    // answers go (a server in another process loads them again within a second).
    services.siteContent.invalidate();
    return { exitCode: 0, output };
  } catch (error) {
    const message =
      error instanceof CommandError ? error.message : `Failed: ${(error as Error).stack ?? error}`;
    return { exitCode: 1, output: [...output, message] };
  }
}
