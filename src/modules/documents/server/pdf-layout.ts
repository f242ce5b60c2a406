// Writing text onto PDF pages with pdf-lib: A4 pages, wrapped paragraphs that flow onto new
// pages, and text reduced to what the standard fonts can draw.
import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

export async function embedFonts(document: PDFDocument): Promise<Fonts> {
  return {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    italic: await document.embedFont(StandardFonts.HelveticaOblique),
  };
}

const supported = new WeakMap<PDFFont, Set<number>>();
/** The text with every character the font cannot draw replaced (names in other scripts, emoji). */
export function drawable(font: PDFFont, text: string): string {
  let set = supported.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    supported.set(font, set);
  }
  const known = set;
  return [
    ...text
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201C\u201D]/g, '"')
      .replace(/\t/g, '    '),
  ]
    .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Splits text into lines no wider than `width`. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n').map((line) => drawable(font, line))) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** A cursor that writes top to bottom and starts a new page when the current one is full. */
export class PageWriter {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: Fonts,
    private readonly footer?: string,
  ) {
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.document.addPage(A4);
    if (this.footer)
      page.drawText(drawable(this.fonts.regular, this.footer), {
        x: MARGIN,
        y: 28,
        size: 8,
        font: this.fonts.regular,
        color: rgb(0.4, 0.4, 0.4),
      });
    return page;
  }

  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  text(
    text: string,
    options: { size?: number; font?: keyof Fonts; gap?: number; colour?: [number, number, number]; indent?: number } = {},
  ): void {
    const size = options.size ?? 11;
    const font = this.fonts[options.font ?? 'regular'];
    const indent = options.indent ?? 0;
    for (const line of wrap(font, text, size, this.width - indent)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: rgb(...(options.colour ?? [0.1, 0.1, 0.12])) });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }

  rule(): void {
    this.ensure(12);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 4 },
      end: { x: MARGIN + this.width, y: this.y - 4 },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    this.y -= 12;
  }

  space(height: number): void {
    this.y -= height;
  }

  get left(): number {
    return MARGIN;
  }
}
