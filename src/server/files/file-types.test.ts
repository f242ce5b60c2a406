import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { FILE_TYPES, guardText, sniffFileType, textTypeFor } from './file-types';

/** A zip as Office writes it: entries sized in their headers (buffers) or after the data (streams). */
async function zipOf(names: string[], options: { streamed: boolean }): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const name of names) {
    const content = Buffer.from(`<xml name="${name}">${'x'.repeat(500)}</xml>`);
    if (options.streamed) zip.addReadStream(Readable.from([content]), name);
    else zip.addBuffer(content, name);
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

const sniff = (head: Buffer) => sniffFileType(head, { complete: true });
const iso = (major: string, compatible: string[] = []) => {
  const box = Buffer.from(`\0\0\0\0ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  box.writeUInt32BE(box.length, 0);
  return Buffer.concat([box, Buffer.alloc(64)]);
};

describe('sniffFileType', () => {
  it('recognises each accepted binary format by its magic bytes', () => {
    expect(sniff(Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'))).toBe(FILE_TYPES.pdf);
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(FILE_TYPES.png);
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43]))).toBe(FILE_TYPES.jpeg);
    expect(sniff(Buffer.from('GIF87a\x01\x00', 'latin1'))).toBe(FILE_TYPES.gif);
    expect(sniff(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe(FILE_TYPES.webp);
    expect(sniff(iso('heic', ['mif1', 'heic']))).toBe(FILE_TYPES.heic);
    expect(sniff(iso('mif1', ['mif1', 'miaf']))).toBe(FILE_TYPES.heif);
    expect(sniff(iso('isom', ['isom', 'mp41']))).toBeNull(); // an MP4 video is not an image
  });

  it('tells DOCX from XLSX from any other zip, with or without data descriptors', async () => {
    for (const streamed of [false, true]) {
      expect(sniff(await zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'], { streamed }))).toBe(FILE_TYPES.docx);
      expect(sniff(await zipOf(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml'], { streamed }))).toBe(FILE_TYPES.xlsx);
      expect(sniff(await zipOf(['word/document.xml'], { streamed }))).toBeNull();
      expect(sniff(await zipOf(['[Content_Types].xml', 'payload.exe'], { streamed }))).toBeNull();
    }
  });

  it('takes printable UTF-8 as text and nothing else', () => {
    expect(sniff(Buffer.from('name,amount\nZoë,12.50\r\n'))).toBe('text');
    expect(sniff(Buffer.from('\uFEFFtabs\tand form feeds\f are fine'))).toBe('text');
    expect(sniff(Buffer.from([0x61, 0x00, 0x62]))).toBeNull(); // NUL
    expect(sniff(Buffer.from([0x61, 0xc3, 0x28]))).toBeNull(); // broken UTF-8
    expect(sniff(Buffer.from('MZ\x90\x00', 'latin1'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
    // A head cut inside a character is still text while more is to come.
    const cut = Buffer.from('café').subarray(0, 4);
    expect(sniffFileType(cut, { complete: false })).toBe('text');
    expect(sniffFileType(cut, { complete: true })).toBeNull();
  });

  it('labels text as CSV or plain text from the route’s list and the name', () => {
    expect(textTypeFor([FILE_TYPES.text, FILE_TYPES.csv], 'pay.csv')).toBe(FILE_TYPES.csv);
    expect(textTypeFor([FILE_TYPES.text, FILE_TYPES.csv], 'notes.txt')).toBe(FILE_TYPES.text);
    expect(textTypeFor([FILE_TYPES.csv], 'export')).toBe(FILE_TYPES.csv);
    expect(textTypeFor([FILE_TYPES.pdf], 'notes.txt')).toBeNull();
  });
});

describe('guardText', () => {
  const run = (chunks: Buffer[]) => buffer(Readable.from(guardText(Readable.from(chunks))));

  it('passes text through, even with a character split across chunks', async () => {
    const bytes = Buffer.from('Zoë – 12 €');
    expect((await run([bytes.subarray(0, 3), bytes.subarray(3, 8), bytes.subarray(8)])).equals(bytes)).toBe(true);
  });

  it('fails with 415 when binary follows a text head, or the text ends inside a character', async () => {
    await expect(run([Buffer.from('looks like text'), Buffer.from([0x00, 0x01])])).rejects.toMatchObject({ status: 415 });
    await expect(run([Buffer.from('ends badly'), Buffer.from([0xe2, 0x82])])).rejects.toMatchObject({ status: 415 });
  });
});
