// The font of every PDF Stafflane draws: Noto Sans (SIL Open Font License, from the
// @embedpdf/fonts-latin package), embedded as a subset of the glyphs used, so a name in Polish,
// Turkish, Vietnamese, Welsh or Irish prints as it was typed. pdf-lib's standard fonts know only
// Latin-1 (WinAnsi) and turned every other letter into "?". Text is measured, and wrapped, in
// these fonts too.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { alignGlyphs } from './align-glyphs';

export type PdfFonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

const FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf', italic: 'NotoSans-Italic.ttf' } as const;

/**
 * The folder of the font files, found from the package's entry point (its `exports` keep the
 * files themselves out of reach of the resolver): node_modules beside the sources under test and
 * beside dist/server when the bundled server runs.
 */
function fontFolder(): string {
  const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-latin');
  return path.join(path.dirname(entry), '..', 'fonts');
}

// Read (and their glyphs aligned) once per process: about 640 kB each, parsed by fontkit for every
// document.
let loaded: Promise<Record<keyof PdfFonts, Uint8Array>> | undefined;
function fontBytes(): Promise<Record<keyof PdfFonts, Uint8Array>> {
  loaded ??= (async () => {
    const folder = fontFolder();
    const [regular, bold, italic] = await Promise.all(
      [FILES.regular, FILES.bold, FILES.italic].map(async (file) => alignGlyphs(await readFile(path.join(folder, file)))),
    );
    return { regular: regular!, bold: bold!, italic: italic! };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * Embeds Noto Sans regular, bold and italic in the document. Only the glyphs drawn are kept
 * (subset), so a page of text costs tens of kilobytes, not the 1.9 MB of the three files.
 * Every OpenType feature is off, so each character is drawn with the glyph the font's character
 * map gives it and the text copied or extracted from the PDF is the text that was drawn: with
 * them on, "fi" became one glyph and the composition feature (ccmp) split "ị" into "i" and a
 * dot that extracted as "!". Noto Sans has a glyph of its own for the accented letters of the
 * European languages and Vietnamese, and pdf-lib places each glyph by its advance width alone, so
 * kerning and mark positioning were computed for nothing (at four times the cost of a line).
 */
export async function embedUnicodeFonts(document: PDFDocument): Promise<PdfFonts> {
  // fontkit loads with the first PDF drawn, not when the server starts.
  const [{ default: fontkit }, bytes] = await Promise.all([import('@pdf-lib/fontkit'), fontBytes()]);
  document.registerFontkit(fontkit);
  const off = ['ccmp', 'locl', 'rlig', 'calt', 'rclt', 'liga', 'clig', 'dlig', 'kern', 'mark', 'mkmk', 'curs'] as const;
  const options = { subset: true, features: Object.fromEntries(off.map((feature) => [feature, false])) };
  const [regular, bold, italic] = await Promise.all([
    document.embedFont(bytes.regular, options),
    document.embedFont(bytes.bold, options),
    document.embedFont(bytes.italic, options),
  ]);
  return { regular: regular!, bold: bold!, italic: italic! };
}

const supported = new WeakMap<PDFFont, Set<number>>();
/**
 * The text as the font can draw it: composed (NFC, so "ễ" typed as e + two accents takes the
 * font's own glyph), tabs as spaces, and a character the font has no glyph for (emoji, Chinese,
 * Arabic…) as "?" rather than an empty box.
 */
export function drawable(font: PDFFont, text: string): string {
  let set = supported.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    supported.set(font, set);
  }
  const known = set;
  return [...text.normalize('NFC').replace(/\t/g, '    ')].map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

const measured = new WeakMap<PDFFont, Map<string, number>>();
/** The width of a word, remembered per font (a document's) and scaled to the size. */
function widthOf(font: PDFFont, text: string, size: number): number {
  let known = measured.get(font);
  if (!known) {
    known = new Map();
    measured.set(font, known);
  }
  let atThousand = known.get(text);
  if (atThousand === undefined) {
    atThousand = font.widthOfTextAtSize(text, 1000);
    known.set(text, atThousand);
  }
  return (atThousand * size) / 1000;
}

/**
 * Splits text into lines no wider than `width`. Each word is measured once (fontkit shapes the
 * text at every measurement) and the line's width added up; measuring the growing line again at
 * every word took a third of a second for a long paragraph.
 */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const measure = (part: string) => widthOf(font, part, size);
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n').map((line) => drawable(font, line))) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      const wordWidth = measure(word);
      const candidateWidth = line ? lineWidth + space + wordWidth : wordWidth;
      if (candidateWidth <= width) {
        line = line ? `${line} ${word}` : word;
        lineWidth = candidateWidth;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line is cut where it must be.
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = measure(rest);
    }
    lines.push(line);
  }
  return lines;
}
