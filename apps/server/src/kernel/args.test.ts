import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from './args';
import { CommandError } from './command';

const OPTIONS = { name: { type: 'string' }, hidden: { type: 'boolean' } } as const;

describe('command arguments', () => {
  it('reads --key value, --key=value, flags and positionals', () => {
    expect(parseCommandArgs(['7', '--name', '月度 会员', '--hidden'], OPTIONS)).toMatchObject({
      values: { name: '月度 会员', hidden: true },
      positionals: ['7'],
    });
    expect(parseCommandArgs(['--name=-1'], OPTIONS).values.name).toBe('-1');
  });

  it('refuses undeclared options and missing values with a short message', () => {
    const failure = (args: string[]) => {
      try {
        parseCommandArgs(args, OPTIONS);
      } catch (error) {
        expect(error).toBeInstanceOf(CommandError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(failure(['--bogus'])).toBe('Unknown option --bogus');
    expect(failure(['--name'])).toBe('--name needs a value (write --name=<value> when it starts with -)');
    expect(failure(['--name', '-1'])).toBe(
      '--name needs a value (write --name=<value> when it starts with -)',
    );
  });
});
