// What an upload really is, read from its first bytes (never from the client's content type
// or file name), and a streaming check that a text upload stays printable UTF-8 to its end.
import { AppError } from '../../shared/app-error';

export const FILE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  text: 'text/plain',
  csv: 'text/csv',
} as const;

export type AcceptedFileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

/** Name endings that agree with each type; the first is added to a name that has none of them. */
export const FILE_EXTENSIONS: Record<AcceptedFileType, readonly string[]> = {
  [FILE_TYPES.pdf]: ['.pdf'],
  [FILE_TYPES.png]: ['.png'],
  [FILE_TYPES.jpeg]: ['.jpg', '.jpeg', '.jpe', '.jfif'],
  [FILE_TYPES.gif]: ['.gif'],
  [FILE_TYPES.webp]: ['.webp'],
  [FILE_TYPES.heic]: ['.heic', '.heif'],
  [FILE_TYPES.heif]: ['.heif', '.heic'],
  [FILE_TYPES.docx]: ['.docx'],
  [FILE_TYPES.xlsx]: ['.xlsx'],
  [FILE_TYPES.text]: ['.txt', '.text', '.log', '.md', '.csv', '.tsv'],
  [FILE_TYPES.csv]: ['.csv'],
};

/** Bytes read before deciding: enough to walk the first entries of an Office zip. */
export const SNIFF_BYTES = 64 * 1024;

export const unsupportedFile = () => new AppError('unsupportedMediaType', { message: 'This type of file is not accepted.' });

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
};

const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1']);

/** HEIC/HEIF are ISO media files: an `ftyp` box whose brands name the image format. */
function sniffIsoImage(head: Buffer): AcceptedFileType | null {
  if (!startsWith(head, 'ftyp', 4) || head.length < 16) return null;
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
  if (brands.some((brand) => heicBrands.has(brand))) return FILE_TYPES.heic;
  if (brands.some((brand) => heifBrands.has(brand))) return FILE_TYPES.heif;
  return null;
}

/** The entry names of a zip's first local headers, as far as the head reaches. */
function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  const signature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  let offset = 0;
  while (offset + 30 <= head.length && names.length < 200 && head.readUInt32LE(offset) === 0x04034b50) {
    const flags = head.readUInt16LE(offset + 6);
    const compressedSize = head.readUInt32LE(offset + 18);
    const nameLength = head.readUInt16LE(offset + 26);
    const extraLength = head.readUInt16LE(offset + 28);
    const nameEnd = offset + 30 + nameLength;
    if (nameEnd > head.length) break;
    names.push(head.toString('utf8', offset + 30, nameEnd));
    // With a data descriptor (bit 3) or ZIP64 the size is not in the header: find the next one.
    const sizeUnknown = (flags & 0x08) !== 0 || compressedSize === 0xffffffff;
    const next = sizeUnknown ? head.indexOf(signature, nameEnd + extraLength) : nameEnd + extraLength + compressedSize;
    if (next <= offset) break;
    offset = next;
  }
  return names;
}

function sniffOfficeZip(head: Buffer): AcceptedFileType | null {
  if (!startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return null;
  const names = zipEntryNames(head);
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.some((name) => name.startsWith('word/'))) return FILE_TYPES.docx;
  if (names.some((name) => name.startsWith('xl/'))) return FILE_TYPES.xlsx;
  return null;
}

// Tab, line feed, form feed and carriage return are the only control characters text may hold.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const forbiddenControl = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/** Checks UTF-8 text chunk by chunk (characters may straddle chunks). */
export class TextChecker {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** False once the bytes are not valid, printable UTF-8. */
  push(chunk: Uint8Array): boolean {
    try {
      return !forbiddenControl.test(this.decoder.decode(chunk, { stream: true }));
    } catch {
      return false;
    }
  }

  /** False when the text ends inside a character. */
  end(): boolean {
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The type of a file from its head, or null when it is none we accept. Text is the last
 * guess, so a file is text only when no binary format claims it and its head reads as text.
 */
export function sniffFileType(head: Buffer, options: { complete: boolean }): AcceptedFileType | 'text' | null {
  if (startsWith(head, '%PDF-')) return FILE_TYPES.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg;
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return FILE_TYPES.gif;
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return FILE_TYPES.webp;
  const iso = sniffIsoImage(head);
  if (iso) return iso;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffOfficeZip(head);
  const checker = new TextChecker();
  if (head.length > 0 && checker.push(head) && (!options.complete || checker.end())) return 'text';
  return null;
}

/** Text or CSV: both are the same bytes, so the route's list and the name decide the label. */
export function textTypeFor(allowed: readonly AcceptedFileType[], fileName: string): AcceptedFileType | null {
  const csv = allowed.includes(FILE_TYPES.csv);
  const text = allowed.includes(FILE_TYPES.text);
  if (csv && (!text || /\.csv$/i.test(fileName))) return FILE_TYPES.csv;
  return text ? FILE_TYPES.text : null;
}

/** Passes text through while it stays printable UTF-8; anything else fails the upload with 415. */
export async function* guardText(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const checker = new TextChecker();
  for await (const chunk of chunks) {
    if (!checker.push(chunk)) throw unsupportedFile();
    yield chunk;
  }
  if (!checker.end()) throw unsupportedFile();
}

/** The Content-Type a stored file is served with. */
export function contentTypeFor(mimeType: string): string {
  return mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;
}
