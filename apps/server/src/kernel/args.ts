import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CommandError } from './command';

/**
 * A command's arguments through `node:util`'s `parseArgs` (strict: an undeclared option is an
 * error), its failures turned into short operator messages.
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'(--?[^' ]+)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new CommandError(`Unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new CommandError(`${option} needs a value (write ${option}=<value> when it starts with -)`);
    throw error;
  }
}
