import { CommandError, type CliCommand } from '../../kernel/command';

export const settingsCommands: CliCommand[] = [
  {
    name: 'config:get',
    usage: 'config:get <key>',
    summary: 'Print one site setting',
    async run(services, [key], out) {
      if (!key) throw new CommandError('Usage: config:get <key>');
      try {
        out.line(await services.settings.get(key));
      } catch (error) {
        throw new CommandError((error as Error).message);
      }
    },
  },
  {
    name: 'config:set',
    usage: 'config:set <key> <value>',
    summary: 'Change a site setting (checked against its type); new requests see it at once',
    async run(services, [key, value], out) {
      if (!key || value === undefined) throw new CommandError('Usage: config:set <key> <value>');
      try {
        const stored = await services.settings.set(key, value);
        out.line(`${key} = ${stored}`);
      } catch (error) {
        throw new CommandError((error as Error).message);
      }
    },
  },
  {
    name: 'config:list',
    usage: 'config:list',
    summary: 'List every site setting with its type and current value',
    async run(services, _args, out) {
      for (const item of await services.settings.list()) {
        out.line(`${item.key} (${item.type}) = ${JSON.stringify(item.value)}  # ${item.description}`);
      }
    },
  },
];
