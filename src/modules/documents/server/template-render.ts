// A template with its values merged, as a PDF (pdf-lib): "# " lines are headings, "## "
// sub-headings, blank lines separate paragraphs.
import { PDFDocument } from 'pdf-lib';
import { embedUnicodeFonts } from '../../../server/pdf/fonts';
import { PageWriter } from './pdf-layout';

export async function renderTemplatePdf(input: { title: string; text: string; footer: string }): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(input.title);
  document.setProducer('Stafflane');
  document.setCreator('Stafflane');
  const writer = new PageWriter(document, await embedUnicodeFonts(document), input.footer);
  writer.text(input.title, { size: 18, font: 'bold', gap: 10 });
  for (const block of input.text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith('## ')) writer.text(trimmed.slice(3), { size: 12, font: 'bold', gap: 4 });
    else if (trimmed.startsWith('# ')) writer.text(trimmed.slice(2), { size: 14, font: 'bold', gap: 6 });
    else writer.text(trimmed, { size: 10.5, gap: 8 });
  }
  return document.save();
}
