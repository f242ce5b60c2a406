// A confirmed order's invoice as a one-page A4 PDF (pdf-lib): who it is for, the order, the
// monthly amount, VAT and the total, and how it is paid — by bank transfer, outside Stafflane.
// Loaded on the first invoice asked for (orders.routes.ts): pdf-lib is not read at start.
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { drawable, embedUnicodeFonts, wrap } from '../../../server/pdf/fonts';
import { formatLondon } from '../../../shared/dates';
import { describeOrder, invoiceNumber, VAT_RATE, type Order } from '../orders.contract';
import { formatPence } from '../../../shared/money';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export async function invoicePdf(
  order: Order,
  company: { name: string; number: string | null; address: string | null },
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Invoice ${invoiceNumber(order)}`);
  document.setProducer('Stafflane');
  const page = document.addPage(A4);
  const { regular, bold } = await embedUnicodeFonts(document);
  let y = A4[1] - MARGIN;
  const line = (text: string, options: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    const x = options.x ?? MARGIN;
    // A long address line or the payment terms wrap within the margin, measured in the embedded font.
    wrap(font, text, size, A4[0] - MARGIN - x).forEach((part, index) => {
      if (index > 0) y -= size + 4;
      page.drawText(part, { x, y, size, font, color: rgb(0.1, 0.12, 0.16) });
    });
    y -= options.gap ?? size + 6;
  };
  const right = (text: string, atY: number, font = regular) => {
    const clean = drawable(font, text);
    page.drawText(clean, { x: A4[0] - MARGIN - font.widthOfTextAtSize(clean, 11), y: atY, size: 11, font });
  };

  line('Stafflane', { font: bold, size: 20, gap: 30 });
  line(`Invoice ${invoiceNumber(order)}`, { font: bold, size: 14, gap: 20 });
  line(`Date: ${formatLondon(order.decided_at ?? order.ordered_at, 'dd/MM/yyyy')}`);
  line(`Order placed: ${formatLondon(order.ordered_at, 'dd/MM/yyyy')}${order.ordered_by_name ? ` by ${order.ordered_by_name}` : ''}`, {
    gap: 28,
  });
  line('Billed to', { font: bold });
  line(company.name);
  if (company.number) line(`Company number ${company.number}`);
  for (const part of (company.address ?? '').split('\n').filter(Boolean)) line(part);
  y -= 20;

  const net = order.amount_pence;
  const vat = Math.round(net * VAT_RATE);
  page.drawLine({ start: { x: MARGIN, y: y + 14 }, end: { x: A4[0] - MARGIN, y: y + 14 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  line('Description', { font: bold, gap: 0 });
  right('Monthly amount', y, bold);
  y -= 20;
  line(describeOrder(order), { gap: 0 });
  right(formatPence(net), y);
  y -= 28;
  for (const [label, value, font] of [
    ['Net', formatPence(net), regular],
    [`VAT at ${VAT_RATE * 100}%`, formatPence(vat), regular],
    ['Total each month', formatPence(net + vat), bold],
  ] as const) {
    line(label, { font, gap: 0, x: A4[0] / 2 });
    right(value, y, font);
    y -= 18;
  }
  y -= 24;
  line('How to pay', { font: bold });
  line('By bank transfer within 30 days, quoting the invoice number. Stafflane takes no card payments in the product.');
  return document.save();
}
