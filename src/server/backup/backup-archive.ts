// A backup archive is a gzip-compressed tar (POSIX ustar, readable by `tar xzf`) whose last
// entry, SHA256SUMS, holds the SHA-256 of every other entry in `sha256sum` format, so an
// operator can check an unpacked archive with `sha256sum -c SHA256SUMS` and a restore refuses
// an archive whose bytes changed. Only what Stafflane writes is read back: regular files with
// plain relative names.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { AppError } from '../../shared/app-error';

export const CHECKSUM_ENTRY = 'SHA256SUMS';

export type ArchiveEntry = {
  /** A relative path of letters, digits, dots, dashes, underscores and slashes; at most 100 bytes. */
  name: string;
  /** Known before the bytes are written: tar puts it in the entry's header. */
  size: number;
  open: () => Readable | Promise<Readable>;
};

const BLOCK = 512;
const namePattern = /^(?!.*(^|\/)\.\.?(\/|$))[\w.-]+(\/[\w.-]+)*$/;

export function isEntryName(name: string): boolean {
  return namePattern.test(name) && Buffer.byteLength(name) <= 100;
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

/** Sizes of 8 GiB and more do not fit 11 octal digits: GNU tar's base-256 form, which every tar reads. */
function writeSize(header: Buffer, size: number): void {
  if (size < 0o77777777777) return writeOctal(header, size, 124, 12);
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if (header[124]! & 0x80) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(header[i]!);
    return Number(value);
  }
  return parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
}

function headerChecksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeSize(header, size);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(headerChecksum(header).toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

/**
 * Writes the entries, then SHA256SUMS, to `file` through a temporary name, so a reader never
 * sees half an archive. An entry whose stream yields another size than it declared fails the write.
 */
export async function writeArchive(
  file: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
): Promise<{ bytes: number }> {
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const sink = fs.createWriteStream(partial, { flags: 'w', mode: 0o600 });
  const written = pipeline(gzip, sink);
  const mtime = new Date();
  const sums: string[] = [];
  const push = async (chunk: Buffer) => {
    // once() rejects when the stream fails instead (a full disk), so a write never waits forever.
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  const add = async (entry: ArchiveEntry) => {
    if (!isEntryName(entry.name)) throw new Error(`Cannot archive an entry named ${JSON.stringify(entry.name)}.`);
    await push(tarHeader(entry.name, entry.size, mtime));
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of (await entry.open()) as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
      await push(chunk);
    }
    const sha256 = hash.digest('hex');
    if (size !== entry.size) throw new Error(`${entry.name} changed while it was archived (${entry.size} bytes expected, ${size} read).`);
    if (size % BLOCK) await push(Buffer.alloc(BLOCK - (size % BLOCK)));
    sums.push(`${sha256}  ${entry.name}\n`);
  };
  try {
    for await (const entry of entries) await add(entry);
    const list = Buffer.from(sums.join(''), 'utf8');
    await add({ name: CHECKSUM_ENTRY, size: list.length, open: () => streamOf(list) });
    await push(Buffer.alloc(BLOCK * 2));
    gzip.end();
    await written;
    await fsp.rename(partial, file);
    return { bytes: (await fsp.stat(file)).size };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

function streamOf(bytes: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(bytes);
  return stream;
}

const damaged = (why: string, cause?: unknown) =>
  new AppError('badRequest', { message: `The backup archive is damaged or not a Stafflane backup (${why}). Nothing was restored.`, cause });

/** Pulls exact numbers of bytes from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (fewer only at the end of the stream); an empty buffer at the end. */
  async chunk(max: number): Promise<Buffer> {
    while (this.length === 0 && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else if (next.value.length) {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    if (this.length === 0) return Buffer.alloc(0);
    const first = this.buffered[0]!;
    const taken = first.subarray(0, Math.min(max, first.length));
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.length -= taken.length;
    return taken;
  }

  async exactly(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < size) {
      const part = await this.chunk(size - got);
      if (!part.length) throw damaged('it ends early');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts, size);
  }
}

/**
 * Unpacks `file` into the empty folder `dir` and checks every entry against SHA256SUMS: a
 * changed, missing or unlisted entry, or a broken gzip or tar structure, is refused with an
 * AppError saying the archive is damaged. Returns the names of the entries, SHA256SUMS excepted.
 */
export async function extractArchive(file: string, dir: string): Promise<string[]> {
  const gunzip = createGunzip();
  const input = fs.createReadStream(file);
  const feeding = pipeline(input, gunzip).catch((error: unknown) => {
    gunzip.destroy(error as Error);
  });
  const reader = new ByteReader((gunzip as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
  const found = new Map<string, string>();
  try {
    for (;;) {
      const header = await reader.exactly(BLOCK);
      if (header.every((byte) => byte === 0)) break;
      const stored = parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
      if (stored !== headerChecksum(header)) throw damaged('a tar header does not add up');
      const type = header.toString('ascii', 156, 157);
      const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      if ((type !== '0' && type !== '\0') || !isEntryName(name) || found.has(name))
        throw damaged(`unexpected entry ${JSON.stringify(name)}`);
      const size = readSize(header);
      const target = path.join(dir, ...name.split('/'));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const out = await fsp.open(target, 'wx', 0o600);
      try {
        let left = size;
        while (left > 0) {
          const part = await reader.chunk(Math.min(left, 1 << 20));
          if (!part.length) throw damaged('it ends early');
          hash.update(part);
          await out.write(part);
          left -= part.length;
        }
      } finally {
        await out.close();
      }
      if (size % BLOCK) await reader.exactly(BLOCK - (size % BLOCK));
      found.set(name, hash.digest('hex'));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged((error as Error).message, error);
  } finally {
    input.destroy();
    gunzip.destroy();
    await feeding;
  }
  const listed = found.get(CHECKSUM_ENTRY);
  if (listed === undefined) throw damaged(`it has no ${CHECKSUM_ENTRY}`);
  const sums = new Map<string, string>();
  for (const line of (await fsp.readFile(path.join(dir, CHECKSUM_ENTRY), 'utf8')).split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (match) sums.set(match[2]!, match[1]!);
  }
  found.delete(CHECKSUM_ENTRY);
  for (const [name, sha256] of found) {
    if (!sums.has(name)) throw damaged(`${name} is not in ${CHECKSUM_ENTRY}`);
    if (sums.get(name) !== sha256) throw damaged(`the checksum of ${name} does not match`);
  }
  for (const name of sums.keys()) if (!found.has(name)) throw damaged(`${name} is missing`);
  return [...found.keys()];
}
