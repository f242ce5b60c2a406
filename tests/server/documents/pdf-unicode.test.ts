// Names outside Latin-1 in every PDF Stafflane draws: a document made from a template, its
// signatures page and certificate of completion (sealed, the seal still valid and named after a
// Welsh company), and an invoice. The text extracted from each page holds the names exactly as
// typed, and every glyph embedded has the outline of the letter it stands for (fontkit's subsets
// of Noto Sans once extracted right but drew blanks).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { sql } from 'kysely';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, type PDFArray, type PDFRawStream } from 'pdf-lib';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/modules/companies/orders.contract';
import { invoicePdf } from '../../../src/modules/companies/server/invoice-pdf';
import type { DocumentDetail } from '../../../src/modules/documents/documents.contract';
import { verifySealedPdf } from '../../../src/modules/documents/server/pdf-seal';
import { ownerSql } from '../../support/identity-fixtures';
import { SIGNATURE_PNG, startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

const COMPANY = 'Dŵr Gwŷn Cyf.';
const PEOPLE = {
  owner: ['Siobhán', 'Ó Dálaigh'],
  employee: ['Łukasz', 'Wiśniewski'],
  colleague: ['Nguyễn', 'Thị Ánh'],
  manager: ['Oğuz', 'Çağlar'],
} as const;
const fullName = (person: keyof typeof PEOPLE) => PEOPLE[person].join(' ');
const PLACE = 'Tŷ İsmail, Caerdydd';

/** The text of each page, as pdf.js (the browser's reader) extracts it, one line a drawn line. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => `${(item as TextItem).str}${(item as TextItem).hasEOL ? '\n' : ''}`).join(''));
  }
  await document.destroy();
  return pages;
}

const fontFolder = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts');

/**
 * Every glyph of every font embedded in the PDF, by the character its ToUnicode map gives it:
 * its outline in the embedded subset and in the Noto Sans file it came from.
 */
async function embeddedGlyphs(bytes: Uint8Array): Promise<{ font: string; text: string; embedded: string; original: string }[]> {
  const pdf = await PDFDocument.load(bytes);
  const lookup = (dict: PDFDict, key: string) => pdf.context.lookup(dict.get(PDFName.of(key)));
  const glyphs: { font: string; text: string; embedded: string; original: string }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const font = String(object.get(PDFName.of('BaseFont')));
    const descendant = pdf.context.lookup((lookup(object, 'DescendantFonts') as PDFArray).get(0)) as PDFDict;
    const file = lookup(lookup(descendant, 'FontDescriptor') as PDFDict, 'FontFile2') as PDFRawStream;
    const subset = fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
    const style = /NotoSans-(Regular|Bold|Italic)/.exec(font)?.[0];
    expect(style, `${font} is one of the Noto Sans files`).toBeDefined();
    const original = fontkit.create(readFileSync(path.join(fontFolder, `${style}.ttf`)));
    const cmap = Buffer.from(decodePDFRawStream(lookup(object, 'ToUnicode') as PDFRawStream).decode()).toString('latin1');
    for (const [, id, hex] of cmap.matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/gi)) {
      const text = String.fromCodePoint(...(hex!.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
      glyphs.push({
        font,
        text,
        embedded: subset.getGlyph(parseInt(id!, 16)).path.toSVG(),
        original: original.glyphForCodePoint(text.codePointAt(0)!).path.toSVG(),
      });
    }
  }
  return glyphs;
}

async function expectGlyphsDrawn(bytes: Uint8Array, mustHave: string): Promise<void> {
  const glyphs = await embeddedGlyphs(bytes);
  for (const char of new Set(mustHave.replace(/\s/g, ''))) expect(glyphs.map((glyph) => glyph.text)).toContain(char);
  for (const glyph of glyphs) expect(glyph.embedded, `${glyph.font} draws "${glyph.text}"`).toBe(glyph.original);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
  await ownerSql(h.t, sql`update companies set name = ${COMPANY} where id = ${h.company.companyId}`);
  for (const [person, [first, surname]] of Object.entries(PEOPLE)) {
    await ownerSql(
      h.t,
      sql`update users set first_name = ${first}, surname = ${surname} where id = ${h.company.people[person as keyof typeof PEOPLE].id}`,
    );
  }
});
afterAll(async () => h.t.close());

describe('names outside Latin-1 in PDFs', () => {
  let document: DocumentDetail;

  it('a document made from a template prints the person, their manager, the company and a free field as typed', async () => {
    const res = await h.send('owner', 'POST', `/api/document-template/${await h.templateId('main_terms')}/generate`, {
      user_id: h.company.people.employee.id,
      title: 'Statement of main terms',
      document_template_file_field_values: { notice_period: 'one month', place_of_work: PLACE },
    });
    expect(res.statusCode).toBe(201);
    document = res.json<DocumentDetail>();
    const file = await h.send('owner', 'GET', `/api/document/${document.id}/file`);
    const text = oneLine((await pageTexts(file.rawPayload)).join('\n'));
    for (const name of [fullName('employee'), fullName('manager'), COMPANY, PLACE]) expect(text).toContain(name);
    expect(text).not.toContain('?');
    await expectGlyphsDrawn(file.rawPayload, `${fullName('employee')}${fullName('manager')}${COMPANY}${PLACE}`);
  });

  it("the signed copy's signatures page and certificate print every signer, and the seal holds", async () => {
    const sent = await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: [h.company.people.employee.id, h.company.people.colleague.id, h.company.people.manager.id],
      ordering: 'parallel',
    });
    expect(sent.statusCode).toBe(201);
    const signatures = [
      ['employee', { kind: 'drawn', image: SIGNATURE_PNG }],
      ['colleague', { kind: 'typed', typed_name: fullName('colleague') }],
      ['manager', { kind: 'typed', typed_name: fullName('manager') }],
    ] as const;
    for (const [person, signature] of signatures) {
      const signed = await h.send(person, 'POST', `/api/document/${document.id}/sign`, {
        consent: true,
        seen_sha256: document.version.sha256,
        ...signature,
      });
      expect(signed.statusCode).toBe(200);
    }

    const final = await h.send('owner', 'GET', `/api/document/${document.id}/signed-file`);
    expect(final.statusCode).toBe(200);
    const pdf = Buffer.from(final.rawPayload);
    expect(verifySealedPdf(pdf)).toMatchObject({ valid: true, coversWholeFile: true, signerName: `${COMPANY} document seal` });

    const pages = (await pageTexts(pdf)).map(oneLine);
    const signaturesPage = pages.find((page) => page.includes('Signatures') && page.includes('typed signature'));
    const certificate = pages.filter((page) => page.includes('Certificate of completion')).join(' ');
    expect(signaturesPage).toBeDefined();
    expect(certificate).toContain('Evidence trail');
    for (const person of ['employee', 'colleague', 'manager'] as const) {
      expect(signaturesPage).toContain(`${fullName(person)} (`);
      expect(certificate).toContain(`${fullName(person)} <`);
    }
    // The typed signatures themselves, drawn large in italics.
    expect(signaturesPage).toContain(`${fullName('colleague')} ${fullName('colleague')} (`);
    expect(signaturesPage).toContain(COMPANY);
    // The owner sent the request: the evidence trail names her.
    expect(certificate).toContain(`By ${fullName('owner')} <`);
    expect(certificate).toContain(`Issued by Stafflane for ${COMPANY}`);
    expect(`${signaturesPage} ${certificate}`).not.toContain('?');
    await expectGlyphsDrawn(
      pdf,
      Object.keys(PEOPLE)
        .map((person) => fullName(person as keyof typeof PEOPLE))
        .join('') + COMPANY,
    );
  });

  it('an invoice prints the company, its address and who ordered as typed', async () => {
    const order: Order = {
      id: '0b0b0b0b-0000-4000-8000-000000000001',
      number: 7,
      company_id: h.company.companyId,
      company_name: COMPANY,
      kind: 'seats',
      product: null,
      seats: 5,
      amount_pence: 2500,
      status: 'confirmed',
      note: null,
      ordered_by_name: fullName('owner'),
      ordered_at: '2026-11-02T09:00:00.000Z',
      decided_by_name: 'Stafflane',
      decided_at: '2026-11-03T09:00:00.000Z',
      decline_reason: null,
    };
    const pdf = await invoicePdf(order, { name: COMPANY, number: '01234567', address: `${PLACE}\nCF10 1AA` });
    const text = oneLine((await pageTexts(pdf)).join('\n'));
    expect(text).toContain(`by ${fullName('owner')}`);
    expect(text).toContain(`Billed to ${COMPANY}`);
    expect(text).toContain(PLACE);
    expect(text).not.toContain('?');
    await expectGlyphsDrawn(pdf, `${fullName('owner')}${COMPANY}${PLACE}`);
  });
});
