// The completed document: the signed version's pages, each marked as signed electronically, a
// page with every signature, then the certificate of completion (the evidence trail and the
// hashes), sealed with the company's certificate by pdf-seal.ts.
import { createHash } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { formatLondon } from '../../../shared/dates';
import { drawable, embedUnicodeFonts } from '../../../server/pdf/fonts';
import { A4, PageWriter } from './pdf-layout';

export type CompletionSigner = {
  name: string;
  email: string;
  signedAt: Date;
  kind: 'drawn' | 'typed';
  png: Buffer | null;
  typedName: string | null;
};
export type CompletionEvent = {
  event: string;
  at: Date;
  actor: string;
  identification: string;
  ip: string | null;
  userAgent: string | null;
  sha256: string | null;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const london = (at: Date) => `${formatLondon(at, 'dd/MM/yyyy HH:mm')} London time`;

/** The version's pages: a PDF's own, or an image on an A4 page. */
async function sourcePages(target: PDFDocument, file: { bytes: Uint8Array; mimeType: string }): Promise<void> {
  if (file.mimeType === 'application/pdf') {
    const source = await PDFDocument.load(file.bytes, { ignoreEncryption: true });
    const pages = await target.copyPages(source, source.getPageIndices());
    for (const page of pages) target.addPage(page);
    return;
  }
  const image = file.mimeType === 'image/png' ? await target.embedPng(file.bytes) : await target.embedJpg(file.bytes);
  const page = target.addPage(A4);
  const scale = Math.min((A4[0] - 80) / image.width, (A4[1] - 80) / image.height, 1);
  page.drawImage(image, { x: 40, y: A4[1] - 40 - image.height * scale, width: image.width * scale, height: image.height * scale });
}

export async function buildCompletedPdf(input: {
  title: string;
  documentId: string;
  requestId: string;
  companyName: string;
  file: { bytes: Uint8Array; mimeType: string; sha256: string };
  signers: CompletionSigner[];
  trail: CompletionEvent[];
}): Promise<{ pdf: Uint8Array; signedContentSha256: string }> {
  const document = await PDFDocument.create();
  document.setTitle(input.title);
  document.setProducer('Stafflane');
  document.setCreator('Stafflane');
  await sourcePages(document, input.file);
  const fonts = await embedUnicodeFonts(document);
  const stamp = drawable(fonts.regular, `Signed electronically by ${input.signers.map((s) => s.name).join(', ')} - certificate at the end`);
  for (const page of document.getPages()) {
    page.drawText(stamp, { x: 24, y: 12, size: 7, font: fonts.regular, color: rgb(0.2, 0.3, 0.6) });
  }

  // The signatures, each in its box.
  const signatures = new PageWriter(document, fonts, `${input.companyName} - ${input.title}`);
  signatures.text('Signatures', { size: 16, font: 'bold', gap: 8 });
  for (const signer of input.signers) {
    signatures.ensure(120);
    const top = signatures.y;
    if (signer.kind === 'drawn' && signer.png) {
      const image = await document.embedPng(signer.png);
      const scale = Math.min(220 / image.width, 70 / image.height);
      signatures.page.drawImage(image, { x: signatures.left, y: top - 75, width: image.width * scale, height: image.height * scale });
    } else {
      signatures.page.drawText(drawable(fonts.italic, signer.typedName ?? signer.name), {
        x: signatures.left,
        y: top - 45,
        size: 26,
        font: fonts.italic,
      });
    }
    signatures.y = top - 82;
    signatures.rule();
    signatures.text(`${signer.name} (${signer.email})`, { font: 'bold', size: 10 });
    signatures.text(
      `Signed ${london(signer.signedAt)} (${utc(signer.signedAt)}) - ${signer.kind === 'drawn' ? 'drawn' : 'typed'} signature`,
      { size: 9, gap: 14 },
    );
  }
  const signedContent = await document.save({ useObjectStreams: false });
  const signedContentSha256 = sha256(signedContent);

  // The certificate of completion, added to the signed document as saved. Its fonts are embedded
  // afresh: pdf-lib's subset fonts cannot draw new text once saved (a composite glyph, such as
  // "ễ", pulls in its parts when the subset is written, and later glyphs then lack widths).
  const completed = await PDFDocument.load(signedContent);
  const certificate = new PageWriter(completed, await embedUnicodeFonts(completed), `Certificate of completion - ${input.title}`);
  certificate.text('Certificate of completion', { size: 18, font: 'bold', gap: 6 });
  certificate.text(`${input.title}`, { size: 12, font: 'bold' });
  certificate.text(`Issued by Stafflane for ${input.companyName}. Document ${input.documentId}, signing request ${input.requestId}.`, {
    size: 9,
    gap: 8,
  });
  certificate.text('SHA-256 of the document shown to the signers:', { size: 9, font: 'bold' });
  certificate.text(input.file.sha256, { size: 9 });
  certificate.text('SHA-256 of the signed document (the pages before this certificate):', { size: 9, font: 'bold' });
  certificate.text(signedContentSha256, { size: 9, gap: 4 });
  certificate.text(
    "This file is sealed with a PDF digital signature of the company's document seal: any change to it after completion breaks the seal. The SHA-256 of the sealed file itself is in the evidence trail kept by Stafflane.",
    { size: 8.5, gap: 10, colour: [0.3, 0.3, 0.35] },
  );
  certificate.text('Signers', { size: 12, font: 'bold', gap: 2 });
  for (const signer of input.signers) {
    certificate.text(`${signer.name} <${signer.email}> - signed ${utc(signer.signedAt)} (${london(signer.signedAt)})`, { size: 9 });
  }
  certificate.space(8);
  certificate.text('Evidence trail', { size: 12, font: 'bold', gap: 2 });
  for (const event of input.trail) {
    certificate.ensure(60);
    certificate.text(`${event.event.toUpperCase()} - ${utc(event.at)} (${london(event.at)})`, { size: 9, font: 'bold' });
    certificate.text(`By ${event.actor}; identified by ${event.identification}`, { size: 8.5, indent: 10 });
    if (event.ip || event.userAgent)
      certificate.text(`IP ${event.ip ?? '-'}; ${(event.userAgent ?? '-').slice(0, 160)}`, { size: 8, indent: 10 });
    if (event.sha256) certificate.text(`File SHA-256 ${event.sha256}`, { size: 8, indent: 10 });
    certificate.space(4);
  }
  return { pdf: await completed.save({ useObjectStreams: false }), signedContentSha256 };
}
