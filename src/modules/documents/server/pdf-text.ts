// The text of a PDF for search (pdfjs-dist's legacy build, which runs in Node): the first
// pages only, and nothing at all when the file is unreadable or takes too long.
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

const MAX_PAGES = 30;
const MAX_CHARS = 100_000;
const TIME_LIMIT_MS = 5_000;

export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const timer = new Promise<string>((resolve) => setTimeout(() => resolve(''), TIME_LIMIT_MS).unref());
  const work = (async () => {
    const document = await task.promise;
    const parts: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES) && length < MAX_CHARS; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ((item as TextItem).str ?? '') + ((item as TextItem).hasEOL ? '\n' : '')).join('');
      parts.push(text);
      length += text.length;
    }
    return parts.join('\n').slice(0, MAX_CHARS);
  })().catch(() => '');
  try {
    return await Promise.race([work, timer]);
  } finally {
    void task.destroy().catch(() => undefined);
  }
}
