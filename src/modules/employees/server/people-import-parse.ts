// Reading an uploaded spreadsheet of people into a header row and rows of text cells: CSV by
// RFC 4180 (quoted fields with commas, quotes and line breaks; a byte-order mark; the
// delimiter — comma, semicolon or tab — found from the header line), and the first worksheet
// of an Excel workbook through exceljs (dates as yyyy-MM-dd, formulas by their result).
import type ExcelJS from 'exceljs';
import { AppError } from '../../../shared/app-error';
import { PEOPLE_IMPORT_LIMITS, peopleImportMessages } from '../people-import.contract';

export type SheetCells = { headers: string[]; rows: string[][] };

/** The delimiter of the first line outside quotes: the most frequent of , ; and tab (comma on a tie). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** RFC 4180 records of `text`: fields split on `delimiter`, quotes doubled inside quoted fields, CRLF or LF line ends. */
export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ''))): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

// Control characters other than tab and line feed (and the Unicode line separators) never
// belong in a name or an address: they are dropped, and a carriage return becomes a line feed.
// eslint-disable-next-line no-control-regex -- these are exactly what is removed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function cleanCell(value: string): string {
  const cleaned = value.replace(/\r\n?/g, '\n').replace(CONTROL, '');
  return cleaned.length > PEOPLE_IMPORT_LIMITS.cell ? cleaned.slice(0, PEOPLE_IMPORT_LIMITS.cell) : cleaned;
}
const cleanHeader = (value: string, index: number) =>
  cleanCell(value)
    .replace(/[\n\t]+/g, ' ')
    .trim()
    .slice(0, 200) || `Column ${index + 1}`;

/** Header row (the first with anything in it) and the rows under it, blank rows left out, every row as wide as the header. */
export function toSheet(records: readonly (readonly string[])[]): SheetCells {
  const filled = (row: readonly string[]) => row.some((cell) => cell.trim() !== '');
  const start = records.findIndex(filled);
  if (start < 0) throw AppError.validation({ file: [peopleImportMessages.empty] });
  const headerRow = records[start] ?? [];
  let width = headerRow.length;
  while (width > 0 && (headerRow[width - 1] ?? '').trim() === '') width -= 1;
  if (width > PEOPLE_IMPORT_LIMITS.columns) throw AppError.validation({ file: [peopleImportMessages.tooManyColumns] });
  const headers = headerRow.slice(0, width).map(cleanHeader);
  const rows: string[][] = [];
  for (const record of records.slice(start + 1)) {
    if (!filled(record)) continue;
    if (rows.length >= PEOPLE_IMPORT_LIMITS.rows) throw AppError.validation({ file: [peopleImportMessages.tooManyRows] });
    rows.push(headers.map((_, index) => cleanCell(record[index] ?? '')));
  }
  if (rows.length === 0) throw AppError.validation({ file: [peopleImportMessages.empty] });
  return { headers, rows };
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A date cell as exceljs gives it (midnight UTC of the day shown) → yyyy-MM-dd. */
const isoDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDay(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return '';
  return '';
}

/** The first worksheet's cells as text. */
export async function readWorkbook(bytes: Buffer): Promise<string[][]> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new AppError('validation', {
      message: peopleImportMessages.unreadable,
      fieldErrors: { file: [peopleImportMessages.unreadable] },
      cause: error,
    });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.validation({ file: [peopleImportMessages.empty] });
  if (sheet.rowCount > PEOPLE_IMPORT_LIMITS.rows + 100) throw AppError.validation({ file: [peopleImportMessages.tooManyRows] });
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    const width = Math.min(row.cellCount, PEOPLE_IMPORT_LIMITS.columns + 1);
    for (let column = 1; column <= width; column += 1) cells.push(cellText(row.getCell(column).value));
    records[rowNumber - 1] = cells;
  });
  return Array.from(records, (row) => row ?? []);
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The sheet in an uploaded file: a ZIP is read as a workbook, anything else as UTF-8 CSV text. */
export async function readSpreadsheet(bytes: Buffer): Promise<SheetCells> {
  if (bytes.length === 0) throw AppError.validation({ file: [peopleImportMessages.empty] });
  if (bytes.subarray(0, 4).equals(ZIP)) return toSheet(await readWorkbook(bytes));
  // An old binary .xls (OLE) or any other binary file is not text.
  if (bytes.subarray(0, 8).includes(0)) throw AppError.validation({ file: [peopleImportMessages.unreadable] });
  return toSheet(parseCsv(bytes.toString('utf8')));
}
