import type { AppServices } from '../services';

/** Where a command writes its result; the CLI prints it, the admin endpoint sends it back. */
export interface CommandOutput {
  line(text: string): void;
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(services: AppServices, args: string[], out: CommandOutput): Promise<void>;
}

/** A failure the operator caused (bad argument, unknown id): printed without a stack, exit 1. */
export class CommandError extends Error {}
