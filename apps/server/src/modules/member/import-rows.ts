import {
  CONTROL_CHARACTERS,
  MAINLAND_MOBILE,
  NICKNAME_MAX_LENGTH,
  NICKNAME_TOO_LONG_MESSAGE,
  nicknameLength,
  normaliseMobile,
  passwordProblem,
} from '@kezhan/contract/rules';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { IMPORT_FILE_MESSAGES, type SheetRows } from './import-file';
import {
  goodsProblems,
  MOBILE_ALREADY_MEMBER,
  NICKNAME_TAKEN_BY_OTHER,
  unknownCoursesMessage,
  unknownPlanMessage,
  VIP_DAYS_WITHOUT_PLAN,
  VIP_PLAN_WITHOUT_DAYS,
} from './member-create';

/** The template's columns, in order, and the header words each is recognised by. */
export const IMPORT_COLUMNS = {
  mobile: ['手机号', 'mobile'],
  nick_name: ['昵称', 'nick_name', 'nickname'],
  password: ['密码', 'password'],
  course_ids: ['课程ID', '课程id', 'course_ids'],
  role_id: ['会员计划ID', '会员计划id', 'role_id'],
  vip_days: ['会员天数', 'vip_days'],
} as const;
type Column = keyof typeof IMPORT_COLUMNS;

export const IMPORT_TEMPLATE_HEADER = Object.values(IMPORT_COLUMNS).map((names) => names[0]);

export const ROW_MESSAGES = {
  badMobile: '手机号格式不正确',
  duplicateMobile: (row: number) => `文件中手机号重复（与第 ${row} 行相同）`,
  duplicateNickname: (row: number) => `文件中昵称重复（与第 ${row} 行相同）`,
  controlCharacters: '昵称不能包含控制字符',
  badCourseIds: '课程ID须为正整数，多个用逗号分隔',
  badPlanId: '会员计划ID须为正整数',
  badDays: '会员天数须为 1 到 36500 之间的整数',
} as const;

/** One data row as checked: what would be imported, or why not (`error`). */
export interface CheckedRow {
  row_number: number;
  mobile: string;
  nick_name: string;
  password: string;
  course_ids: number[];
  role_id: number | null;
  vip_days: number | null;
  error: string;
}

const positiveInteger = (text: string, max = 999_999_999) =>
  /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null;

/** Which cell of a row holds which column, from the header (row 1). */
function columnPositions(header: string[]): Partial<Record<Column, number>> {
  const positions: Partial<Record<Column, number>> = {};
  header.forEach((title, index) => {
    const word = title.replace(/\s/g, '').toLowerCase();
    for (const [column, names] of Object.entries(IMPORT_COLUMNS) as [Column, readonly string[]][]) {
      if (positions[column] === undefined && names.some((name) => name.toLowerCase() === word)) {
        positions[column] = index;
      }
    }
  });
  if (positions.mobile === undefined) throw new BusinessError(IMPORT_FILE_MESSAGES.noMobileColumn);
  return positions;
}

/** The problems of one row that need nothing but the row itself. */
function rowOnlyProblems(row: CheckedRow, cells: Record<Column, string>): string[] {
  const problems: string[] = [];
  if (!MAINLAND_MOBILE.test(row.mobile)) problems.push(ROW_MESSAGES.badMobile);
  if (CONTROL_CHARACTERS.test(row.nick_name)) problems.push(ROW_MESSAGES.controlCharacters);
  else if (nicknameLength(row.nick_name) > NICKNAME_MAX_LENGTH) problems.push(NICKNAME_TOO_LONG_MESSAGE);
  if (row.password) {
    const problem = passwordProblem(row.password);
    if (problem) problems.push(problem);
  }
  if (cells.course_ids && row.course_ids.some((id) => id === 0)) problems.push(ROW_MESSAGES.badCourseIds);
  if (cells.role_id && row.role_id === null) problems.push(ROW_MESSAGES.badPlanId);
  if (cells.vip_days && row.vip_days === null) problems.push(ROW_MESSAGES.badDays);
  if (cells.vip_days && !cells.role_id) problems.push(VIP_DAYS_WITHOUT_PLAN);
  if (cells.role_id && !cells.vip_days) problems.push(VIP_PLAN_WITHOUT_DAYS);
  return problems;
}

/** Values of `column` already held by members, among `values` (asked 1,000 at a time). */
async function takenValues(db: Db, column: 'mobile' | 'nick_name', values: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < values.length; start += 1000) {
    const slice = values.slice(start, start + 1000);
    const rows = await db.selectFrom('users').select(column).where(column, 'in', slice).execute();
    for (const row of rows) taken.add(row[column]);
  }
  return taken;
}

/**
 * Checks every data row of the file: the row's own fields, duplicates within the file (the first
 * of a mobile or nickname wins, each later one is refused naming the row it repeats), mobiles and
 * nicknames members already hold, and the courses and VIP plans named. A row's problems are
 * joined with '；'. Blank rows are left out; row numbers are the file's (the header is row 1).
 */
export async function checkImportRows(db: Db, sheet: SheetRows): Promise<CheckedRow[]> {
  const positions = columnPositions(sheet[0] ?? []);
  const checked: { row: CheckedRow; problems: string[] }[] = [];
  const firstMobile = new Map<string, number>();
  const firstNickname = new Map<string, number>();
  sheet.forEach((cellsOfRow, index) => {
    if (index === 0 || cellsOfRow.every((cell) => cell === '')) return;
    const cell = (column: Column) => {
      const position = positions[column];
      return position === undefined ? '' : (cellsOfRow[position] ?? '').trim();
    };
    const cells = Object.fromEntries(
      (Object.keys(IMPORT_COLUMNS) as Column[]).map((column) => [column, cell(column)]),
    ) as Record<Column, string>;
    const rowNumber = index + 1;
    const row: CheckedRow = {
      row_number: rowNumber,
      mobile: normaliseMobile(cells.mobile),
      nick_name: cells.nick_name,
      // Passwords are never trimmed elsewhere either; a spreadsheet cell's edges are, above.
      password: cells.password,
      course_ids: cells.course_ids
        ? [
            ...new Set(
              cells.course_ids
                .split(/[,，、;；\s]+/)
                .filter(Boolean)
                .map((id) => positiveInteger(id) ?? 0),
            ),
          ]
        : [],
      role_id: cells.role_id ? positiveInteger(cells.role_id) : null,
      vip_days: cells.vip_days ? positiveInteger(cells.vip_days, 36_500) : null,
      error: '',
    };
    const problems = rowOnlyProblems(row, cells);
    if (MAINLAND_MOBILE.test(row.mobile)) {
      const first = firstMobile.get(row.mobile);
      if (first) problems.push(ROW_MESSAGES.duplicateMobile(first));
      else firstMobile.set(row.mobile, rowNumber);
    }
    if (row.nick_name) {
      const first = firstNickname.get(row.nick_name);
      if (first) problems.push(ROW_MESSAGES.duplicateNickname(first));
      else firstNickname.set(row.nick_name, rowNumber);
    }
    checked.push({ row, problems });
  });
  if (checked.length === 0) throw new BusinessError(IMPORT_FILE_MESSAGES.empty);

  const [mobilesTaken, nicknamesTaken, known] = await Promise.all([
    takenValues(db, 'mobile', [...firstMobile.keys()]),
    takenValues(db, 'nick_name', [...firstNickname.keys()]),
    goodsProblems(
      db,
      checked.flatMap(({ row }) => row.course_ids.filter((id) => id > 0)),
      checked.flatMap(({ row }) => (row.role_id ? [row.role_id] : [])),
    ),
  ]);
  return checked.map(({ row, problems }) => {
    if (mobilesTaken.has(row.mobile)) problems.unshift(MOBILE_ALREADY_MEMBER);
    if (row.nick_name && nicknamesTaken.has(row.nick_name)) problems.push(NICKNAME_TAKEN_BY_OTHER);
    const missingCourses = row.course_ids.filter((id) => id > 0 && !known.courses.has(id));
    if (missingCourses.length) problems.push(unknownCoursesMessage(missingCourses));
    if (row.role_id && !known.roles.has(row.role_id)) problems.push(unknownPlanMessage(row.role_id));
    return { ...row, error: problems.join('；') };
  });
}
