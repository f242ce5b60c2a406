// The demo's receipts: small real files made the same way every time (a PNG "till slip" and
// one-page PDF receipts), so the demo seed can record their rows with their hashes before any
// file storage exists, and the module can write their bytes through FileStorage when the app
// starts (restoreDemoReceipts) — only for rows whose hash matches the bytes made here.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { withSystem, type Db } from '../../../server/db/database';
import type { FileStorage } from '../../../server/files/storage';
import { findReceiptFilesNamed } from './claims-read.queries';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A greyscale till slip: white paper with rows of dark "print" of lengths given by `seed`. */
export function tillSlipPng(seed: number, width = 180, height = 320): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 0xf7);
    row[0] = 0;
    const line = Math.floor(y / 14);
    const inText = y % 14 >= 4 && y % 14 < 10 && y > 20 && y < height - 20;
    if (inText) {
      const length = 40 + ((seed * 37 + line * 53) % 100);
      const right = line % 4 === 3;
      for (let x = 16; x < Math.min(width - 16, 16 + length); x += 1) if ((x + line) % 7 !== 0) row[x + 1] = 0x30;
      if (right) for (let x = width - 60; x < width - 16; x += 1) row[x + 1] = 0x20;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF receipt with its lines of text. */
export function receiptPdf(lines: readonly string[]): Buffer {
  const text = lines.map((line, index) => `BT /F1 11 Tf 24 ${300 - index * 18} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 260 340] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export type DemoReceipt = { name: string; mimeType: string; bytes: Buffer };

/** Every demo receipt by its file name (the names are the demo's own). */
export const DEMO_RECEIPTS: Record<string, () => DemoReceipt> = {
  'demo-train-ticket.pdf': () => ({
    name: 'demo-train-ticket.pdf',
    mimeType: 'application/pdf',
    bytes: receiptPdf(['Avanti West Coast', 'Off-peak return', 'Manchester Piccadilly - London Euston', 'Total GBP 86.40', 'VAT 0.00']),
  }),
  'demo-hotel-invoice.pdf': () => ({
    name: 'demo-hotel-invoice.pdf',
    mimeType: 'application/pdf',
    bytes: receiptPdf(['Premier Inn London Euston', '1 night, room only', 'Net 82.50', 'VAT 16.50', 'Total GBP 99.00']),
  }),
  'demo-lunch-receipt.png': () => ({ name: 'demo-lunch-receipt.png', mimeType: 'image/png', bytes: tillSlipPng(1) }),
  'demo-taxi-receipt.png': () => ({ name: 'demo-taxi-receipt.png', mimeType: 'image/png', bytes: tillSlipPng(2) }),
  'demo-parking-receipt.png': () => ({ name: 'demo-parking-receipt.png', mimeType: 'image/png', bytes: tillSlipPng(3) }),
  'demo-keyboard-invoice.pdf': () => ({
    name: 'demo-keyboard-invoice.pdf',
    mimeType: 'application/pdf',
    bytes: receiptPdf(['Office Supplies Direct', 'Wireless keyboard and mouse', 'Net 45.00', 'VAT 9.00', 'Total GBP 54.00']),
  }),
};

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the bytes of demo receipts whose rows exist but whose objects do not (the seed runs
 * before storage is open). Only rows named as a demo receipt and holding its exact hash.
 */
export async function restoreDemoReceipts(db: Db, storage: FileStorage): Promise<number> {
  const names = Object.keys(DEMO_RECEIPTS);
  const rows = await withSystem(db, async (trx) => {
    return findReceiptFilesNamed(trx, names);
  });
  let written = 0;
  for (const row of rows) {
    const receipt = DEMO_RECEIPTS[row.original_name]?.();
    if (!receipt || sha256(receipt.bytes) !== row.sha256 || (await storage.stat(row.storage_key))) continue;
    await storage.put({ key: row.storage_key, source: Readable.from([receipt.bytes]), maxBytes: receipt.bytes.length });
    written += 1;
  }
  return written;
}
