import { CommandError, type CliCommand } from '../../kernel/command';
import type { Db } from '../../shared/db/database';

type Options = Map<string, string>;

/** `--name value` / `--name=value`; `--blank` is the one bare flag. */
function parseOptions(args: string[], allowed: string[]): Options {
  const options: Options = new Map();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new CommandError(`Unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!allowed.includes(name)) throw new CommandError(`Unknown option --${name}`);
    if (name === 'blank' && inline === undefined) {
      options.set(name, '1');
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (value === undefined) throw new CommandError(`--${name} needs a value`);
    options.set(name, value.trim());
  }
  return options;
}

function text(options: Options, name: string, max: number, fallback?: string): string {
  const value = options.get(name) ?? fallback;
  if (value === undefined || value === '') throw new CommandError(`--${name} is required`);
  if (value.length > max) throw new CommandError(`--${name} has more than ${max} characters`);
  return value;
}

function whole(options: Options, name: string): number {
  const value = options.get(name) ?? '0';
  if (!/^\d{1,9}$/.test(value)) throw new CommandError(`--${name} must be a whole number`);
  return Number(value);
}

const platformOf = (options: Options) => text(options, 'platform', 16, 'PC').toUpperCase();

function idArgument(args: string[], usage: string): number {
  if (args.length !== 1 || !/^\d{1,9}$/.test(args[0])) throw new CommandError(`Usage: ${usage}`);
  return Number(args[0]);
}

type Table = 'navs' | 'links' | 'sliders';

function removeCommand(table: Table, name: string, what: string): CliCommand {
  const usage = `${name} <id>`;
  return {
    name,
    usage,
    summary: `Delete a ${what}`,
    async run(services, args, out) {
      const id = idArgument(args, usage);
      const removed = await deleteRow(services.db, table, id);
      if (!removed) throw new CommandError(`No ${what} ${id}`);
      out.line(`Removed ${what} ${id}`);
    },
  };
}

async function deleteRow(db: Db, table: Table, id: number): Promise<boolean> {
  if (table === 'navs') {
    const result = await db
      .deleteFrom('navs')
      .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const navigationCommands: CliCommand[] = [
  {
    name: 'nav:add',
    usage: 'nav:add --name <n> --url <u> [--parent <id>] [--sort <n>] [--blank] [--platform PC]',
    summary: 'Add a PC navigation item (a child with --parent)',
    async run(services, args, out) {
      const options = parseOptions(args, [
        'name',
        'url',
        'parent',
        'sort',
        'blank',
        'platform',
        'active-routes',
      ]);
      const parentId = whole(options, 'parent');
      const platform = platformOf(options);
      if (parentId !== 0) {
        const parent = await services.db
          .selectFrom('navs')
          .select(['id', 'parent_id', 'platform'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (!parent || parent.parent_id !== 0 || parent.platform !== platform)
          throw new CommandError(`No top-level ${platform} navigation item ${parentId}`);
      }
      const now = services.now();
      const row = await services.db
        .insertInto('navs')
        .values({
          name: text(options, 'name', 64),
          url: text(options, 'url', 500),
          active_routes: options.get('active-routes') ?? '',
          parent_id: parentId,
          sort: whole(options, 'sort'),
          blank: options.has('blank') ? 1 : 0,
          platform,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      out.line(`Added navigation item ${row.id}: ${row.name}`);
    },
  },
  {
    name: 'nav:list',
    usage: 'nav:list',
    summary: 'Navigation items of every platform',
    async run(services, _args, out) {
      const rows = await services.db
        .selectFrom('navs')
        .selectAll()
        .orderBy('platform')
        .orderBy('sort')
        .execute();
      if (rows.length === 0) out.line('No navigation items');
      for (const row of rows)
        out.line(`${row.id}: [${row.platform}] ${row.parent_id ? '  ' : ''}${row.name} → ${row.url}`);
    },
  },
  removeCommand('navs', 'nav:remove', 'navigation item'),
  {
    name: 'link:add',
    usage: 'link:add --name <n> --url <u> [--sort <n>]',
    summary: 'Add a friend link (PC footer)',
    async run(services, args, out) {
      const options = parseOptions(args, ['name', 'url', 'sort']);
      const now = services.now();
      const row = await services.db
        .insertInto('links')
        .values({
          name: text(options, 'name', 64),
          url: text(options, 'url', 500),
          sort: whole(options, 'sort'),
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      out.line(`Added link ${row.id}: ${row.name}`);
    },
  },
  {
    name: 'link:list',
    usage: 'link:list',
    summary: 'Friend links',
    async run(services, _args, out) {
      const rows = await services.db.selectFrom('links').selectAll().orderBy('sort').execute();
      if (rows.length === 0) out.line('No links');
      for (const row of rows) out.line(`${row.id}: ${row.name} → ${row.url}`);
    },
  },
  removeCommand('links', 'link:remove', 'link'),
  {
    name: 'slider:add',
    usage: 'slider:add --thumb <image> --url <u> [--sort <n>] [--platform PC]',
    summary: 'Add a slider (2024 PC clients; the PC home page uses its pc-slider block)',
    async run(services, args, out) {
      const options = parseOptions(args, ['thumb', 'url', 'sort', 'platform']);
      const now = services.now();
      const row = await services.db
        .insertInto('sliders')
        .values({
          thumb: text(options, 'thumb', 500),
          url: options.get('url') ?? '',
          sort: whole(options, 'sort'),
          platform: platformOf(options),
          created_at: now,
          updated_at: now,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      out.line(`Added slider ${row.id}`);
    },
  },
  {
    name: 'slider:list',
    usage: 'slider:list',
    summary: 'Sliders of every platform',
    async run(services, _args, out) {
      const rows = await services.db
        .selectFrom('sliders')
        .selectAll()
        .orderBy('platform')
        .orderBy('sort')
        .execute();
      if (rows.length === 0) out.line('No sliders');
      for (const row of rows) out.line(`${row.id}: [${row.platform}] ${row.thumb} → ${row.url}`);
    },
  },
  removeCommand('sliders', 'slider:remove', 'slider'),
];
