import type { CliCommand } from '../kernel/command';
import { CLI_COMMANDS } from '../modules/registry';

export { CLI_COMMANDS };

export function findCommand(name: string): CliCommand | undefined {
  return CLI_COMMANDS.find((command) => command.name === name);
}
