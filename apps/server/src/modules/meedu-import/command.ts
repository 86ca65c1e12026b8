import fs from 'node:fs';
import { parseCommandArgs } from '../../kernel/args';
import { CommandError, type CliCommand } from '../../kernel/command';
import { attachmentDir } from '../courses/attachments';
import { migrateMeedu } from './migrate';
import { parseSince } from './since';
import { openSource, parseSourceUrl, sourceName } from './source';

export const migrateMeeduCommand: CliCommand = {
  name: 'migrate:meedu',
  usage:
    'migrate:meedu --source mysql://USER:PASS@HOST:PORT/DB [--dry-run] [--old-host <url>] [--batch <n>] [--attach-dir <MeEdu storage/app/attach>] [--since <time>]',
  summary:
    'Move a MeEdu school (2024 or 2026) into this empty Kezhan database, ids kept; --dry-run prints the report only',
  async run(services, args, out) {
    const { values } = parseCommandArgs(args, {
      source: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'old-host': { type: 'string' },
      batch: { type: 'string' },
      'attach-dir': { type: 'string' },
      since: { type: 'string' },
    });
    const since = values.since === undefined ? undefined : parseSince(values.since);
    const attachFrom = values['attach-dir'];
    if (attachFrom !== undefined && !fs.statSync(attachFrom, { throwIfNoEntry: false })?.isDirectory())
      throw new CommandError(`--attach-dir 不是一个目录：${attachFrom}`);
    const url = parseSourceUrl(values.source);
    const batchSize = Number(values.batch ?? 1000);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000)
      throw new CommandError('--batch 应为 1 到 5000 的整数');
    const source = await openSource(url);
    try {
      let oldHost = values['old-host'] ?? '';
      if (!oldHost) {
        const [row] = await source.query("select `value` from app_config where `key` = 'app.url'");
        oldHost = typeof row?.value === 'string' ? row.value : '';
      }
      if (oldHost && !/^https?:\/\/[^/\s]+/.test(oldHost))
        throw new CommandError('--old-host 应为 http(s):// 开头的旧站地址');
      await migrateMeedu(
        services.db,
        source,
        {
          dryRun: values['dry-run'] === true,
          batchSize,
          oldHost: oldHost.replace(/\/+$/, ''),
          attachmentFiles: attachFrom
            ? { from: attachFrom, to: attachmentDir(services.env.dataDir) }
            : undefined,
          now: services.now(),
          since,
          sourceName: sourceName(url),
          progress: (line) => {
            if (process.stderr.isTTY) process.stderr.write(`${line}\n`);
          },
        },
        out,
      );
    } finally {
      await source.close();
    }
  },
};
