// A TrueType font rewritten with every glyph on a four-byte boundary, as the OpenType spec
// recommends. fontkit's subsetter (used by pdf-lib) copies each glyph's bytes as they are and then
// writes short offsets, which count in two-byte steps: Noto Sans stores a third of its glyphs in
// an odd number of bytes, and in a subset every glyph after such a one was read from the wrong
// place and drawn blank, though the text still extracted.

const align = (length: number) => (length + 3) & ~3;

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(align(bytes.length));
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

export function alignGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tableCount = view.getUint16(4);
  const tables: { tag: string; offset: number; length: number }[] = [];
  for (let index = 0; index < tableCount; index += 1) {
    const at = 12 + index * 16;
    tables.push({
      tag: String.fromCharCode(...font.subarray(at, at + 4)),
      offset: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
    });
  }
  const table = (tag: string) => {
    const found = tables.find((entry) => entry.tag === tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found;
  };
  const head = table('head');
  const loca = table('loca');
  const glyf = table('glyf');
  const glyphCount = view.getUint16(table('maxp').offset + 4);
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const glyphStart = (index: number) =>
    longOffsets ? view.getUint32(loca.offset + index * 4) : view.getUint16(loca.offset + index * 2) * 2;

  let size = 0;
  for (let index = 0; index < glyphCount; index += 1) size += align(glyphStart(index + 1) - glyphStart(index));
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array((glyphCount + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let index = 0; index < glyphCount; index += 1) {
    const start = glyphStart(index);
    const end = glyphStart(index + 1);
    locaView.setUint32(index * 4, at);
    newGlyf.set(font.subarray(glyf.offset + start, glyf.offset + end), at);
    at += align(end - start);
  }
  locaView.setUint32(glyphCount * 4, at);
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, not recomputed: neither fontkit nor a PDF reader checks it
  headView.setInt16(50, 1); // long offsets

  const bytesOf = (entry: (typeof tables)[number]) =>
    entry.tag === 'glyf'
      ? newGlyf
      : entry.tag === 'loca'
        ? newLoca
        : entry.tag === 'head'
          ? newHead
          : font.subarray(entry.offset, entry.offset + entry.length);
  const directory = 12 + tableCount * 16;
  const out = new Uint8Array(directory + tables.reduce((total, entry) => total + align(bytesOf(entry).length), 0));
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let offset = directory;
  tables.forEach((entry, index) => {
    const bytes = bytesOf(entry);
    const record = 12 + index * 16;
    out.set(font.subarray(record, record + 4), record);
    outView.setUint32(record + 4, checksum(bytes));
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, bytes.length);
    out.set(bytes, offset);
    offset += align(bytes.length);
  });
  return out;
}
