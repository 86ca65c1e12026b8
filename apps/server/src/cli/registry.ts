import type { CliCommand } from './command';
import { settingsCommands } from './settings-commands';
import { contentCommands } from './content-commands';
import { commerceCommands } from './commerce-commands';
import { jobCommands } from '../jobs/job-commands';
import { memberCommands } from './member-commands';
import { mediaCommands } from '../modules/media/commands';

/** Every operator command. Feature modules add their command lists here. */
export const CLI_COMMANDS: CliCommand[] = [
  ...settingsCommands,
  ...contentCommands,
  ...commerceCommands,
  ...jobCommands,
  ...memberCommands,
  ...mediaCommands,
];

export function findCommand(name: string): CliCommand | undefined {
  return CLI_COMMANDS.find((command) => command.name === name);
}
