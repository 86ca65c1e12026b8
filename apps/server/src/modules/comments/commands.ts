import { CommandError, type CliCommand } from '../../kernel/command';
import { isoTimestamp } from '../../shared/time';
import type { CommentStatus } from '../courses/tables';
import { setCommentStatus } from './comments-service';

const RESOURCE_NAMES: Record<number, string> = { 1: 'course', 2: 'video' };

function commentId(value: string | undefined, usage: string): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new CommandError(`Usage: ${usage}`);
  return Number(value);
}

function moderate(name: string, status: CommentStatus, done: string): CliCommand {
  const usage = `${name} <id>${status === 'rejected' ? ' [--reason <text>]' : ''}`;
  return {
    name,
    usage,
    summary: status === 'rejected' ? 'Reject a comment (and hide its replies)' : 'Approve a comment',
    async run(services, args, out) {
      const id = commentId(args[0], usage);
      const rest = args.slice(1);
      let reason = '';
      if (rest.length > 0) {
        if (status !== 'rejected' || rest[0] !== '--reason' || rest.length !== 2)
          throw new CommandError(`Usage: ${usage}`);
        reason = rest[1].slice(0, 255);
      }
      if (!(await setCommentStatus(services.db, id, status, reason)))
        throw new CommandError(`No comment ${id}`);
      out.line(`${done} comment ${id}`);
    },
  };
}

export const commentCommands: CliCommand[] = [
  {
    name: 'comment:list',
    usage: 'comment:list [--pending]',
    summary: 'The newest 50 comments (or those waiting for approval) with their state',
    async run(services, args, out) {
      if (args.some((arg) => arg !== '--pending')) throw new CommandError('Usage: comment:list [--pending]');
      let query = services.db
        .selectFrom('comments')
        .select(['id', 'rt', 'rid', 'parent_id', 'user_id', 'content', 'status', 'created_at'])
        .orderBy('id', 'desc')
        .limit(50);
      if (args.includes('--pending')) query = query.where('status', '=', 'pending');
      const rows = await query.execute();
      if (rows.length === 0) out.line('No comments');
      for (const row of rows)
        out.line(
          `${row.id} [${row.status}] ${RESOURCE_NAMES[row.rt] ?? row.rt} ${row.rid}${row.parent_id ? ` reply to ${row.parent_id}` : ''} member ${row.user_id} ${isoTimestamp(row.created_at)}: ${row.content}`,
        );
    },
  },
  moderate('comment:approve', 'approved', 'Approved'),
  moderate('comment:reject', 'rejected', 'Rejected'),
];
