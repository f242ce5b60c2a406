// Writing text onto PDF pages with pdf-lib: A4 pages, and wrapped paragraphs, measured in the
// embedded fonts (src/server/pdf/fonts.ts), that flow onto new pages.
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import { drawable, wrap, type PdfFonts } from '../../../server/pdf/fonts';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** A cursor that writes top to bottom and starts a new page when the current one is full. */
export class PageWriter {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: PdfFonts,
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
    options: { size?: number; font?: keyof PdfFonts; gap?: number; colour?: [number, number, number]; indent?: number } = {},
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
