import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { MEMBER_IMPORT_MAX_ROWS } from '@kezhan/contract/admin/member-imports';
import { BusinessError } from '../../shared/http/errors';

/** The Chinese refusals of a file that cannot be imported at all (a row's problems are per row). */
export const IMPORT_FILE_MESSAGES = {
  missing: '请选择要导入的文件',
  badType: '请上传 .xlsx 或 .csv 文件（可下载导入模板填写）',
  tooLarge: '文件不能超过 5 MB，请拆分后分批导入',
  tooManyRows: (rows: number) =>
    `一次最多导入 ${MEMBER_IMPORT_MAX_ROWS} 行，该文件有 ${rows} 行，请拆分后分批导入`,
  unreadableXlsx: '无法读取该 Excel 文件，请用导入模板另存为 .xlsx 后重试',
  unzipsTooLarge: '该 Excel 文件解压后过大，疑似异常文件，已拒绝',
  unreadableCsv: '无法读取该 CSV 文件，请另存为 UTF-8 或 GBK 编码的 CSV 后重试',
  noMobileColumn: '第 1 行须为表头，且包含“手机号”列（可下载导入模板）',
  empty: '文件中没有学员数据',
} as const;

/**
 * What an .xlsx may unpack to. A 10,000-row sheet is about 2 MB of XML; a zip bomb is a few KB
 * that inflates to gigabytes, so the inflated bytes are counted while inflating and the file is
 * refused at this bound, before any parser holds it.
 */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 200;

/** One cell as text: numbers (a mobile typed as a number) without exponent, empty as ''. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
};

/** The sheet as rows of text cells, the header first. */
export type SheetRows = string[][];

class InflationLimit extends Error {}

/** Inflates every entry once, counting bytes; refuses the file past the bounds above. */
function checkInflatedSize(file: Uint8Array): void {
  let entries = 0;
  let inflated = 0;
  const unzip = new Unzip((entry) => {
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES) throw new InflationLimit();
    entry.ondata = (error, chunk) => {
      if (error) throw error;
      inflated += chunk.length;
      if (inflated > MAX_INFLATED_BYTES) throw new InflationLimit();
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(file, true);
  } catch (error) {
    if (error instanceof InflationLimit) throw new BusinessError(IMPORT_FILE_MESSAGES.unzipsTooLarge);
    throw new BusinessError(IMPORT_FILE_MESSAGES.unreadableXlsx);
  }
  if (entries === 0) throw new BusinessError(IMPORT_FILE_MESSAGES.unreadableXlsx);
}

async function readXlsx(file: Buffer): Promise<SheetRows> {
  // Every .xlsx is a zip: "PK\x03\x04".
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) {
    throw new BusinessError(IMPORT_FILE_MESSAGES.unreadableXlsx);
  }
  checkInflatedSize(file);
  try {
    const rows = await readSheet(file);
    return rows.map((row) => row.map(cellText));
  } catch {
    throw new BusinessError(IMPORT_FILE_MESSAGES.unreadableXlsx);
  }
}

/** UTF-8 (with or without BOM), else GB18030, the superset of the GBK Excel writes in China. */
function decodeCsv(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(file);
    } catch {
      throw new BusinessError(IMPORT_FILE_MESSAGES.unreadableCsv);
    }
  }
}

/** RFC 4180: commas, quoted cells with doubled quotes and line breaks inside, CRLF or LF. */
export function parseCsv(text: string): SheetRows {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows;
}

/** The kind of file by its name; anything else is refused before it is read. */
export function importFileKind(fileName: string): 'xlsx' | 'csv' {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv')) return 'csv';
  throw new BusinessError(IMPORT_FILE_MESSAGES.badType);
}

/**
 * The rows of an uploaded .xlsx (its first sheet) or .csv, as text, without the blank rows. More
 * than `MEMBER_IMPORT_MAX_ROWS` data rows is refused as a whole: an import is one file in one go.
 */
export async function readImportFile(fileName: string, file: Buffer): Promise<SheetRows> {
  const rows =
    importFileKind(fileName) === 'xlsx'
      ? await readXlsx(file)
      : parseCsv(decodeCsv(file).replace(/^\uFEFF/, ''));
  const filled = rows.filter((row) => row.some((cell) => cell !== ''));
  if (filled.length <= 1) throw new BusinessError(IMPORT_FILE_MESSAGES.empty);
  if (filled.length - 1 > MEMBER_IMPORT_MAX_ROWS) {
    throw new BusinessError(IMPORT_FILE_MESSAGES.tooManyRows(filled.length - 1));
  }
  return rows;
}
