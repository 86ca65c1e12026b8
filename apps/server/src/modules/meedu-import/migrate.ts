import { sql } from 'kysely';
import { CommandError, type CommandOutput } from '../../kernel/command';
import type { Db } from '../../shared/db/database';
import { fenToYuanText } from '../../shared/money';
import { isSettingKey, normaliseSettingValue } from '../../shared/settings/definitions';
import { int, text } from './convert';
import type { MeeduSource, Row } from './source';
import { copyAttachmentFiles } from './attachment-files';
import { ACCOUNT_SERIAL_TABLES, ACCOUNT_STEPS, readAgreements } from './account-steps';
import { verify, type Check } from './verify';
import { changedCondition, conflictColumns, deletedQuery, meeduTime } from './since';
import { SERIAL_TABLES, STEPS, viewBlocksWhere, type AnyDb, type Step, type StepContext } from './steps';

export interface MigrateOptions {
  dryRun: boolean;
  batchSize: number;
  oldHost: string;
  now: Date;
  /** MeEdu's `storage/app/attach` and Kezhan's attachment directory: the files are copied. */
  attachmentFiles?: { from: string; to: string };
  /** Where progress goes while the run lasts (the report is printed at the end). */
  progress: (line: string) => void;
  /** `mysql://host:port/db` without the password: a `--since` run must read the same database. */
  sourceName?: string;
  /** `--since`: only what changed in MeEdu since then, over a database this tool moved before. */
  since?: Date;
}

interface StepTally {
  read: number;
  written: number;
  merged: number;
  dropped: number;
  notes: Record<string, number>;
}

/** MeEdu values with no home in Kezhan (yet): reported with their row counts. */
const NO_HOME: [string, string][] = [
  ['user_upload_images', '学员上传图片（待迁移）'],
  ['user_join_role_records', '会员购买历史（无去处）'],
  ['user_invite_balance_records', '邀请余额流水（无去处）'],
  ['user_ib_withdraw_orders', '邀请余额提现（无去处）'],
  ['user_tags', '学员标签（无去处）'],
  ['user_tag', '学员标签关系（无去处）'],
  ['user_remarks', '学员备注（无去处）'],
  ['user_watch_stat', '每日观看时长（无去处）'],
  ['course_attach_download_records', '附件下载记录（无去处）'],
  ['media_videos', '视频库（无去处）'],
  ['media_images', '图片库（无去处）'],
  ['administrators', '管理员（请用 admin:create 重建）'],
  ['administrator_logs', '后台操作日志（无去处）'],
];

/** MeEdu setting → Kezhan setting. */
const SETTINGS: [string, string][] = [
  ['meedu.system.name', 'name'],
  ['meedu.system.logo', 'logo'],
  ['meedu.system.pc_url', 'pc_url'],
  ['meedu.system.h5_url', 'h5_url'],
  ['meedu.system.icp', 'icp'],
  ['meedu.system.icp_link', 'icp_link'],
  ['meedu.system.icp2', 'icp2'],
  ['meedu.system.icp2_link', 'icp2_link'],
  ['meedu.aboutus', 'aboutus'],
  ['meedu.course_purchase_notice', 'course_purchase_notice'],
  ['meedu.system.login.limit.rule', 'login.limit.rule'],
  ['meedu.system.player_thumb', 'player.cover'],
  ['meedu.system.player.enabled_bullet_secret', 'player.enabled_bullet_secret'],
  ['meedu.system.player.bullet_secret.text', 'player.bullet_secret.text'],
  ['meedu.system.player.bullet_secret.size', 'player.bullet_secret.size'],
  ['meedu.system.player.bullet_secret.color', 'player.bullet_secret.color'],
  ['meedu.system.player.bullet_secret.opacity', 'player.bullet_secret.opacity'],
  ['meedu.member.enabled_mobile_bind_alert', 'member.enabled_mobile_bind_alert'],
  ['meedu.member.protocol', 'protocol.user'],
  ['meedu.member.private_protocol', 'protocol.private'],
  ['meedu.member.vip_protocol', 'protocol.vip'],
];

/** The progress row written once the verification passed. */
const FINISHED = 'finished';

/** A `--since` run keeps its own progress rows beside the first run's. */
const progressName = (step: string, since: Date | undefined) =>
  since ? `since ${since.toISOString()} ${step}` : step;

async function count(source: MeeduSource, query: string, params: unknown[] = []): Promise<number> {
  const [row] = await source.query(query, params);
  return int(row?.n);
}

/** What the finished row of a move remembers. */
interface FinishedNotes {
  source?: string;
  /** When the move began: the `--since` of the next pass. */
  startedAt?: string;
}

/** Refuses a Kezhan database that already holds a school, unless it is this migration's own, unfinished. */
async function checkTarget(db: Db, options: MigrateOptions): Promise<'fresh' | 'resume'> {
  const progress = await db.selectFrom('meedu_import_progress').select(['step', 'done', 'notes']).execute();
  if (options.since) return checkSinceTarget(progress, options.sourceName ?? '', options.since);
  if (progress.some((row) => row.step === FINISHED))
    throw new CommandError(
      '这个课栈数据库已经完成过 MeEdu 迁移；要补上此后的变化，请加 --since (already migrated)',
    );
  if (progress.length > 0) return 'resume';
  const [users, orders, courses] = await Promise.all(
    (['users', 'orders', 'courses'] as const).map(async (table) =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ),
  );
  if (users > 0 || orders > 0 || courses > 0)
    throw new CommandError(
      `目标课栈数据库不是空的（学员 ${users}，订单 ${orders}，课程 ${courses}）：MeEdu 的编号会与已有数据冲突，请迁移到一个新的空数据库 (target not empty)`,
    );
  return 'fresh';
}

/** `--since` writes only over a school this tool moved, from the same MeEdu database. */
function checkSinceTarget(
  progress: { step: string; notes: string }[],
  sourceName: string,
  since: Date,
): 'fresh' | 'resume' {
  const finished = progress.find((row) => row.step === FINISHED);
  if (!finished)
    throw new CommandError(
      '--since 只用于已经由 migrate:meedu 完整迁移过的课栈数据库：这个数据库没有完成过 MeEdu 迁移，请先不带 --since 运行一次 (not a migrated database)',
    );
  const notes = JSON.parse(finished.notes) as FinishedNotes;
  if (notes.source !== sourceName)
    throw new CommandError(
      `这个课栈数据库迁移自 ${notes.source ?? '另一个 MeEdu 数据库'}，不是 ${sourceName}：--since 只能补上同一个 MeEdu 数据库的变化 (different source)`,
    );
  if (progress.some((row) => row.step === progressName(FINISHED, since)))
    throw new CommandError(`--since ${since.toISOString()} 的增量迁移已经完成过 (already applied)`);
  return progress.some((row) => row.step.startsWith(progressName('', since))) ? 'resume' : 'fresh';
}

function readQuery(step: Step, source: MeeduSource, after: unknown[] | null, limit: number, since?: string) {
  const keys = step.key.map((expr, i) => `${expr} k${i}`).join(', ');
  const conditions: string[] = [];
  const params: unknown[] = [...(step.params ?? [])];
  const where = step.name === 'view_blocks' ? viewBlocksWhere(source) : step.where;
  if (where) conditions.push(`(${where})`);
  const changed = since === undefined ? undefined : changedCondition(step, source, since);
  if (changed?.where) {
    conditions.push(`(${changed.where})`);
    params.push(...changed.params);
  }
  if (after) {
    conditions.push(`(${step.key.join(', ')}) > (${step.key.map(() => '?').join(', ')})`);
    params.push(...after);
  }
  if (changed?.having) params.push(...changed.params);
  const select = step.select.replace(/^select /, `select ${keys}, `);
  return {
    sql: `${select}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}${
      step.groupBy ? ` group by ${step.groupBy}` : ''
    }${changed?.having ? ` having ${changed.having}` : ''} order by ${step.key.join(', ')} limit ${limit}`,
    params,
  };
}

/**
 * Writes a batch. A first run only inserts; a `--since` run writes over the rows it moved before
 * (found by their kept key, or for rows with new ids by `matchBy`).
 */
async function writeRows(trx: AnyDb, step: Step, rows: Record<string, unknown>[], since: boolean) {
  if (rows.length === 0) return;
  if (!since) return void (await trx.insertInto(step.into).values(rows).execute());
  if (step.since?.matchBy) {
    const match = step.since.matchBy;
    for (const row of rows)
      await match
        .reduce((query, column) => query.where(column, '=', row[column]), trx.deleteFrom(step.into))
        .execute();
    return void (await trx.insertInto(step.into).values(rows).execute());
  }
  const keys = conflictColumns(step.into);
  const columns = Object.keys(rows[0]).filter((column) => !keys.includes(column));
  await trx
    .insertInto(step.into)
    .values(rows)
    .onConflict((oc) =>
      columns.length === 0
        ? oc.columns(keys).doNothing()
        : oc
            .columns(keys)
            .doUpdateSet(
              Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])),
            ),
    )
    .execute();
}

/** A `--since` run: deletes what MeEdu soft-deleted since then; returns how many rows went. */
async function deleteSoftDeleted(
  db: Db,
  source: MeeduSource,
  step: Step,
  since: string,
  ctx: Pick<StepContext, 'videoCommentOffset'>,
  dryRun: boolean,
): Promise<number> {
  const query = deletedQuery(step, source, since, ctx);
  if (!query) return 0;
  const gone = await source.query(query.sql, query.params);
  if (gone.length === 0 || dryRun) return gone.length;
  const keys = conflictColumns(step.into);
  let deleted = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of gone) {
      const result = await keys
        .reduce((q, column) => q.where(column, '=', int(row[column])), (trx as AnyDb).deleteFrom(step.into))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  });
  return deleted;
}

async function runStep(
  db: Db,
  source: MeeduSource,
  step: Step,
  ctx: Omit<StepContext, 'note'>,
  options: MigrateOptions,
): Promise<StepTally> {
  const progressStep = progressName(step.name, options.since);
  const since = options.since && meeduTime(options.since);
  const saved = options.dryRun
    ? undefined
    : await db
        .selectFrom('meedu_import_progress')
        .selectAll()
        .where('step', '=', progressStep)
        .executeTakeFirst();
  const tally: StepTally = saved
    ? {
        read: saved.rows_read,
        written: saved.written,
        merged: saved.merged,
        dropped: saved.dropped,
        notes: JSON.parse(saved.notes),
      }
    : { read: 0, written: 0, merged: 0, dropped: 0, notes: {} };
  if (saved?.done === 1) return tally;
  let after: unknown[] | null = saved?.last_key ? (JSON.parse(saved.last_key) as unknown[]) : null;
  const note = (reason: string, n = 1) => void (tally.notes[reason] = (tally.notes[reason] ?? 0) + n);
  if (since && !saved) {
    // Deleting again after a resume finds nothing more: it runs before the first batch.
    const gone = await deleteSoftDeleted(db, source, step, since, ctx, options.dryRun);
    if (gone > 0) note('MeEdu 中已删除（软删除）：在课栈中删除', gone);
  }
  for (;;) {
    const query = readQuery(step, source, after, options.batchSize, since);
    const rows = await source.query(query.sql, query.params);
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      const n = int(row.n) || 1;
      tally.read += n;
      tally.merged += n - 1;
      if (n > 1) note('重复行合并为一行', n - 1);
      const converted = step.convert(stripKeys(row, step), { ...ctx, note });
      if (converted) out.push(converted);
      else tally.dropped += 1;
    }
    tally.written += out.length;
    const last = rows.at(-1);
    if (last) after = step.key.map((_, i) => last[`k${i}`]);
    const done = rows.length < options.batchSize;
    if (done && !since) {
      const filtered = (await count(source, step.total)) - tally.read;
      if (filtered > 0) {
        tally.dropped += filtered;
        note(step.filtered || '未读取', filtered);
      }
    }
    if (!options.dryRun) {
      await db.transaction().execute(async (trx) => {
        await writeRows(trx as AnyDb, step, out, since !== undefined);
        const progress = {
          last_key: JSON.stringify(after ?? []),
          rows_read: tally.read,
          written: tally.written,
          merged: tally.merged,
          dropped: tally.dropped,
          notes: JSON.stringify(tally.notes),
          done: done ? 1 : 0,
          updated_at: options.now,
        };
        await trx
          .insertInto('meedu_import_progress')
          .values({ step: progressStep, ...progress })
          .onConflict((oc) => oc.column('step').doUpdateSet(progress))
          .execute();
      });
    }
    options.progress(
      `${step.name}: ${tally.read} 行已读取，${tally.written} 行已${options.dryRun ? '转换' : '写入'}`,
    );
    if (done) return tally;
  }
}

/** The row without the key columns the batch query added (`k0`, `k1`). */
function stripKeys(row: Row, step: Step): Row {
  const keys = new Set(step.key.map((_, i) => `k${i}`));
  return Object.fromEntries(Object.entries(row).filter(([column]) => !keys.has(column)));
}

/**
 * `agreementTexts`: setting key → the text of MeEdu's active agreement of that kind (2026), which
 * wins over the hidden 2024 protocol rows.
 */
async function migrateSettings(
  db: Db,
  source: MeeduSource,
  dryRun: boolean,
  agreementTexts: Map<string, string>,
): Promise<string[]> {
  const rows = await source.query('select `key`, `value` from app_config');
  const values = new Map(rows.map((row) => [text(row.key), text(row.value)]));
  if (!values.get('meedu.system.name') && values.get('app.name'))
    values.set('meedu.system.name', values.get('app.name')!);
  const lines: string[] = [];
  const fromAgreements: [string, string][] = [...agreementTexts.keys()].map((to) => ['agreements', to]);
  const mapped = SETTINGS.filter(([, to]) => !agreementTexts.has(to));
  for (const [from, to] of [...mapped, ...fromAgreements]) {
    const raw = from === 'agreements' ? agreementTexts.get(to) : values.get(from);
    if (raw === undefined || raw === '' || !isSettingKey(to)) continue;
    const normalised = normaliseSettingValue(to, raw);
    if ('error' in normalised) {
      lines.push(`  ${from} → ${to}：未迁移（${normalised.error}）`);
      continue;
    }
    if (!dryRun)
      await db
        .insertInto('app_config')
        .values({ key: to, value: normalised.value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: normalised.value }))
        .execute();
    lines.push(`  ${from} → ${to}`);
  }
  return lines;
}

/** The whole migration; prints the report and, after a real run, the verification table. */
export async function migrateMeedu(
  db: Db,
  source: MeeduSource,
  options: MigrateOptions,
  out: CommandOutput,
): Promise<void> {
  const mode = await checkTarget(db, options);
  out.line(
    `MeEdu ${source.generation} → 课栈${options.since ? `（增量：${options.since.toISOString()} 以来的变化）` : ''}${options.dryRun ? '（试运行，不写入）' : mode === 'resume' ? '（从上次中断处继续）' : ''}`,
  );
  const videoCommentOffset = source.has('course_comments')
    ? await count(source, 'select coalesce(max(id), 0) n from course_comments')
    : 0;
  const agreements = await readAgreements(source);
  const ctx = {
    generation: source.generation,
    oldHost: options.oldHost,
    now: options.now,
    videoCommentOffset,
    agreementVersions: agreements.versions,
  };
  out.line('');
  out.line('数据表 → 课栈表 | 读取 | 写入 | 合并 | 丢弃');
  for (const step of [...STEPS, ...ACCOUNT_STEPS]) {
    if (step.when && !step.when(source)) continue;
    const tally = await runStep(db, source, step, ctx, options);
    out.line(
      `${step.source} → ${step.into} | ${tally.read} | ${tally.written} | ${tally.merged} | ${tally.dropped}`,
    );
    for (const [reason, n] of Object.entries(tally.notes)) out.line(`    ${reason}: ${n}`);
  }
  if (options.attachmentFiles) {
    if (options.dryRun) out.line('附件文件：试运行不复制');
    else {
      const files = await copyAttachmentFiles(db, options.attachmentFiles.from, options.attachmentFiles.to);
      out.line(`附件文件：复制 ${files.copied}，已存在 ${files.present}，MeEdu 目录中没有 ${files.missing}`);
    }
  }
  out.line('');
  out.line('站点设置:');
  for (const line of await migrateSettings(db, source, options.dryRun, agreements.activeTexts))
    out.line(line);
  out.line('');
  out.line('尚未迁移或在课栈中没有去处（行数）:');
  for (const [table, what] of NO_HOME) {
    if (!source.has(table)) continue;
    const n = await count(source, `select count(*) n from \`${table}\``);
    if (n > 0) out.line(`  ${table}: ${n} — ${what}`);
  }
  if (!source.has('comments', 'parent_id') || !source.has('course_comments')) {
    // Nothing to say: one comment form only.
  } else {
    const legacy =
      (await count(source, 'select count(*) n from course_comments')) +
      (source.has('video_comments') ? await count(source, 'select count(*) n from video_comments') : 0);
    if (legacy > 0)
      out.line(`  course_comments/video_comments: ${legacy} — 旧评论表（以 comments 为准，未重复导入）`);
  }
  if (options.dryRun) return;
  for (const table of [...SERIAL_TABLES, ...ACCOUNT_SERIAL_TABLES]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.table(table)}), 1))`.execute(
      db,
    );
  }
  out.line('');
  out.line('核对 | MeEdu | 课栈');
  const checks = await verify(db, source);
  const shown = (check: Check, value: number) => (check.money ? fenToYuanText(value) : String(value));
  for (const check of checks)
    out.line(
      `${check.label} | ${shown(check, check.meedu)} | ${shown(check, check.kezhan)}${check.meedu === check.kezhan ? '' : '  ✗ 不一致'}${check.note ? `  (${check.note})` : ''}`,
    );
  const differences = checks.filter((check) => check.meedu !== check.kezhan);
  if (differences.length > 0)
    throw new CommandError(
      `核对失败：${differences.map((check) => check.label).join('、')} 不一致 (verification failed)`,
    );
  const ownRows = db
    .selectFrom('meedu_import_progress')
    .select((eb) => eb.fn.min('updated_at').as('started'))
    .where(
      'step',
      options.since ? 'like' : 'not like',
      options.since ? `${progressName('', options.since)}%` : 'since %',
    );
  const started = (await ownRows.executeTakeFirst())?.started ?? options.now;
  const startedAt = new Date(started).toISOString();
  const notes: FinishedNotes = { source: options.sourceName, startedAt };
  await db
    .insertInto('meedu_import_progress')
    .values({
      step: progressName(FINISHED, options.since),
      done: 1,
      notes: JSON.stringify(notes),
      updated_at: options.now,
    })
    .execute();
  out.line('');
  out.line(options.since ? '增量迁移完成，核对一致。' : '迁移完成，核对一致。');
  out.line(
    `停写 MeEdu 后，用 --since ${startedAt} 再运行一次，补上此次迁移开始以来的变化（本次开始于 ${startedAt}）。`,
  );
}
