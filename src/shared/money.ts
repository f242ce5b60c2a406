// Money as people read it, wherever it is shown (screens, e-mails, PDFs, the service worker):
// en-GB pounds with pence and thousands separators, the minus before the pound sign.

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£1,234.50" from 1234.5, "-£5.00" from -5; an amount that rounds to nothing is "£0.00". */
export function formatPounds(pounds: number): string {
  const rounded = Math.round(pounds * 100) / 100;
  return POUNDS.format(rounded === 0 ? 0 : rounded);
}

/** "£1,234.50" from 123450 pence. */
export const formatPence = (pence: number): string => formatPounds(pence / 100);
