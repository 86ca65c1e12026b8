import type { AdminMemberFilter } from '@kezhan/contract/admin/members';
import type { Db } from '../../shared/db/database';
import { rawDateTime } from '../../shared/time';
import { csvCell } from '../orders/admin-orders';
import { filteredMembers } from './member-admin';
import { isBoundMobile } from './member-detail';
import { tagsOfMembers } from './member-records';

const CSV_COLUMNS = ['学员ID', '手机号', '昵称', '会员', '会员到期', '积分', '标签', '状态', '注册时间'];

const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows per query of the export: one batch is built as text at a time, never the whole file. */
const EXPORT_BATCH = 1000;

/**
 * The filtered members as CSV chunks: the BOM and header, then one chunk per batch walked newest
 * first by id (keyset, so no offset grows). Every cell goes through the orders export's `csvCell`,
 * which defuses what a spreadsheet would run as a formula (a nickname like `=HYPERLINK(…)`).
 */
export async function* memberCsvChunks(db: Db, filter: AdminMemberFilter, now: Date): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
  let below: number | undefined;
  for (;;) {
    let query = filteredMembers(db, filter);
    if (below !== undefined) query = query.where('u.id', '<', below);
    const rows = await query
      .select([
        'u.id',
        'u.mobile',
        'u.nick_name',
        'u.is_lock',
        'u.credit1',
        'u.role_expired_at',
        'u.created_at',
        'r.name as role_name',
      ])
      .orderBy('u.id', 'desc')
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    const tags = await tagsOfMembers(
      db,
      rows.map((row) => row.id),
    );
    let chunk = '';
    for (const row of rows) {
      const vip = row.role_expired_at && new Date(row.role_expired_at) > now && row.role_name;
      chunk += csvLine([
        row.id,
        isBoundMobile(row.mobile) ? row.mobile : '',
        row.nick_name,
        vip ? row.role_name : '',
        vip ? rawDateTime(row.role_expired_at) : '',
        row.credit1,
        (tags.get(row.id) ?? []).map((tag) => tag.name).join('、'),
        row.is_lock ? '已锁定' : '正常',
        rawDateTime(row.created_at),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    below = rows[rows.length - 1].id;
  }
}
