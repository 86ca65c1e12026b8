import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import { notifyMember } from '../messages/notify';
import { executeDueDeletions } from './account-deletion';
import { CommandError, type CliCommand } from '../../kernel/command';

const MAX_VIP_DAYS = 36_500;
const MAX_MESSAGE_LENGTH = 1000;

function memberId(value: string | undefined, usage: string): number {
  if (value === undefined) throw new CommandError(`Usage: ${usage}`);
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new CommandError(`Not a member id: ${value}`);
  return Number(value);
}

async function requireMember(trx: Db, id: number) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'nick_name', 'is_lock', 'role_id', 'role_expired_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw new CommandError(`No member with id ${id}`);
  return user;
}

function lockCommand(name: 'member:lock' | 'member:unlock', isLock: 0 | 1): CliCommand {
  const usage = `${name} <id>`;
  return {
    name,
    usage,
    summary: isLock
      ? 'Lock a member: their tokens stop working at once and they cannot log in'
      : 'Unlock a locked member',
    async run(services, [idArg, ...rest], out) {
      if (rest.length > 0) throw new CommandError(`Usage: ${usage}`);
      const id = memberId(idArg, usage);
      await services.db.transaction().execute(async (trx) => {
        const user = await requireMember(trx, id);
        await trx
          .updateTable('users')
          .set({ is_lock: isLock, updated_at: services.now() })
          .where('id', '=', user.id)
          .execute();
        out.line(`Member ${user.id} (${user.mobile}) ${isLock ? 'locked' : 'unlocked'}`);
      });
    },
  };
}

export const memberCommands: CliCommand[] = [
  {
    name: 'member:find',
    usage: 'member:find <mobile|id>',
    summary: 'Show a member by mobile or id: nickname, lock, VIP, pending deletion',
    async run(services, [query, ...rest], out) {
      if (!query || rest.length > 0) throw new CommandError('Usage: member:find <mobile|id>');
      let lookup = services.db
        .selectFrom('users as u')
        .leftJoin('roles as r', 'r.id', 'u.role_id')
        .select([
          'u.id',
          'u.mobile',
          'u.nick_name',
          'u.is_lock',
          'u.role_id',
          'u.role_expired_at',
          'u.created_at',
          'r.name as role_name',
          sql<Date | null>`(select max(j.expired_at) from user_delete_jobs j where j.user_id = u.id and j.status = 'pending')`.as(
            'pending_deletion',
          ),
        ]);
      if (/^\d{1,9}$/.test(query)) {
        lookup = lookup.where((eb) => eb.or([eb('u.id', '=', Number(query)), eb('u.mobile', '=', query)]));
      } else {
        lookup = lookup.where('u.mobile', '=', query);
      }
      const rows = await lookup.orderBy('u.id').execute();
      if (rows.length === 0) throw new CommandError(`No member matches ${query}`);
      for (const row of rows) {
        const vip =
          row.role_id > 0
            ? `${row.role_name ?? `role ${row.role_id}`} until ${rawDateTime(row.role_expired_at)}`
            : 'none';
        out.line(
          [
            `id=${row.id}`,
            `mobile=${row.mobile}`,
            `nick_name=${row.nick_name}`,
            `locked=${row.is_lock === 1 ? 'yes' : 'no'}`,
            `vip=${vip}`,
            `registered=${isoTimestamp(row.created_at)}`,
            `deletion=${row.pending_deletion ? `pending, due ${rawDateTime(row.pending_deletion)}` : 'none'}`,
          ].join('  '),
        );
      }
    },
  },
  lockCommand('member:lock', 1),
  lockCommand('member:unlock', 0),
  {
    name: 'member:grant-vip',
    usage: 'member:grant-vip <id> <role_id> <days>',
    summary:
      'Give a member a VIP plan for <days>, stacked like a purchase (from the later of now and the current expiry)',
    async run(services, args, out) {
      const usage = 'member:grant-vip <id> <role_id> <days>';
      if (args.length !== 3) throw new CommandError(`Usage: ${usage}`);
      const id = memberId(args[0], usage);
      const [, roleArg, daysArg] = args;
      if (!/^\d{1,9}$/.test(roleArg) || Number(roleArg) < 1)
        throw new CommandError(`Not a role id: ${roleArg}`);
      if (!/^\d{1,5}$/.test(daysArg) || Number(daysArg) < 1 || Number(daysArg) > MAX_VIP_DAYS)
        throw new CommandError(`<days> must be a whole number from 1 to ${MAX_VIP_DAYS}`);
      const days = Number(daysArg);
      const now = services.now();
      await services.db.transaction().execute(async (trx) => {
        const user = await requireMember(trx, id);
        const role = await trx
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', '=', Number(roleArg))
          .executeTakeFirst();
        if (!role) throw new CommandError(`No VIP plan with id ${roleArg}`);
        const updated = await trx
          .updateTable('users')
          .set({
            role_id: role.id,
            role_expired_at: sql<Date>`greatest(coalesce(role_expired_at, ${now}::timestamptz), ${now}::timestamptz)
              + make_interval(days => ${days}::int)`,
            updated_at: now,
          })
          .where('id', '=', user.id)
          .returning('role_expired_at')
          .executeTakeFirstOrThrow();
        const until = rawDateTime(updated.role_expired_at);
        await notifyMember(trx, user.id, `已为您开通会员「${role.name}」${days}天，有效期至${until}`);
        out.line(`Member ${user.id} is now ${role.name} until ${until}`);
      });
    },
  },
  {
    name: 'member:notify',
    usage: 'member:notify <id> <text>',
    summary: 'Write a message to a member’s inbox (shown on /messages)',
    async run(services, [idArg, ...words], out) {
      const usage = 'member:notify <id> <text>';
      const id = memberId(idArg, usage);
      const text = words.join(' ').trim();
      if (!text) throw new CommandError(`Usage: ${usage}`);
      if ([...text].length > MAX_MESSAGE_LENGTH)
        throw new CommandError(`The message is longer than ${MAX_MESSAGE_LENGTH} characters`);
      await services.db.transaction().execute(async (trx) => {
        await requireMember(trx, id);
        await notifyMember(trx, id, text);
      });
      out.line(`Message sent to member ${id}`);
    },
  },
  {
    name: 'member:run-deletions',
    usage: 'member:run-deletions',
    summary: 'Execute account deletions whose 7-day grace period has ended (the scheduled job does this too)',
    async run(services, args, out) {
      if (args.length > 0) throw new CommandError('Usage: member:run-deletions');
      const result = await executeDueDeletions(services.db, services.now(), { storage: services.storage });
      out.line(
        `Deleted ${result.deleted.length} member(s)${result.deleted.length ? `: ${result.deleted.join(', ')}` : ''}`,
      );
      for (const failure of result.failed)
        out.line(`Failed to delete member ${failure.userId}: ${failure.error}`);
      if (result.failed.length > 0) throw new CommandError(`${result.failed.length} deletion(s) failed`);
    },
  },
];
