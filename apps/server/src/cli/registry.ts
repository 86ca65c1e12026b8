import type { CliCommand } from './command';
import { settingsCommands } from './settings-commands';

/** Every operator command. Feature modules add their command lists here. */
export const CLI_COMMANDS: CliCommand[] = [...settingsCommands];

export function findCommand(name: string): CliCommand | undefined {
  return CLI_COMMANDS.find((command) => command.name === name);
}
