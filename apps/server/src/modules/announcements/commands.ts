import fs from 'node:fs';
import { CommandError, type CliCommand } from '../../kernel/command';
import { isoTimestamp } from '../../shared/time';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  type AnnouncementInput,
} from './announcements-service';

const MAX_TITLE = 255;

/** `--title <text>`, `--body <html>` or `--body-file <path>`; nothing else. */
function readInput(args: string[]): { id?: string; input: Partial<AnnouncementInput> } {
  const input: Partial<AnnouncementInput> = {};
  let id: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [undefined, undefined];
    if (name === undefined) {
      if (id !== undefined) throw new CommandError(`Unexpected argument ${arg}`);
      id = arg;
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (value === undefined) throw new CommandError(`--${name} needs a value`);
    if (name === 'title') input.title = value.trim();
    else if (name === 'body') input.body = value;
    else if (name === 'body-file') {
      try {
        input.body = fs.readFileSync(value, 'utf8');
      } catch (error) {
        throw new CommandError(`Cannot read ${value}: ${(error as Error).message}`);
      }
    } else throw new CommandError(`Unknown option --${name}`);
  }
  if (input.title !== undefined && (input.title === '' || input.title.length > MAX_TITLE))
    throw new CommandError(`--title must have 1 to ${MAX_TITLE} characters`);
  return { id, input };
}

function announcementId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new CommandError('Give the announcement id (a number)');
  return Number(value);
}

export const announcementCommands: CliCommand[] = [
  {
    name: 'announcement:add',
    usage: 'announcement:add --title <t> (--body <html> | --body-file <f>)',
    summary: 'Publish an announcement (the newest is shown on the home page)',
    async run(services, args, out) {
      const { id, input } = readInput(args);
      if (id !== undefined) throw new CommandError(`Unexpected argument ${id}`);
      if (input.title === undefined) throw new CommandError('--title is required');
      if (input.body === undefined) throw new CommandError('--body or --body-file is required');
      const row = await createAnnouncement(
        services.db,
        { title: input.title, body: input.body },
        services.now(),
      );
      out.line(`Published announcement ${row.id}: ${row.title}`);
    },
  },
  {
    name: 'announcement:list',
    usage: 'announcement:list',
    summary: 'Announcements, newest first',
    async run(services, _args, out) {
      const page = await listAnnouncements(services.db, 1, 100);
      if (page.total === 0) out.line('No announcements');
      for (const item of page.data) out.line(`${item.id}: ${item.title} (${item.created_at})`);
    },
  },
  {
    name: 'announcement:edit',
    usage: 'announcement:edit <id> [--title <t>] [--body <html> | --body-file <f>]',
    summary: 'Change an announcement’s title or text',
    async run(services, args, out) {
      const { id, input } = readInput(args);
      const announcement = announcementId(id);
      if (input.title === undefined && input.body === undefined)
        throw new CommandError('Nothing to change: give --title, --body or --body-file');
      const row = await updateAnnouncement(services.db, announcement, input, services.now());
      if (!row) throw new CommandError(`No announcement ${announcement}`);
      out.line(`Updated announcement ${row.id}: ${row.title} (${isoTimestamp(row.updated_at)})`);
    },
  },
  {
    name: 'announcement:remove',
    usage: 'announcement:remove <id>',
    summary: 'Delete an announcement',
    async run(services, args, out) {
      const announcement = announcementId(args[0]);
      if (args.length > 1) throw new CommandError(`Unexpected argument ${args[1]}`);
      if (!(await deleteAnnouncement(services.db, announcement)))
        throw new CommandError(`No announcement ${announcement}`);
      out.line(`Removed announcement ${announcement}`);
    },
  },
];
