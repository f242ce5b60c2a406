// Queueable writes made from the page, so through its service worker, exactly as the app's api
// client marks them (src/client/api/api-client.ts `queue`): tests and the outbox benchmark use
// them to queue many writes without driving a form each time.
import type { Page } from '@playwright/test';

export type QueuedAnswer = { status: number; body: unknown };

/** POSTs each message to /api/contact-us at once, marked queueable; the answers in order. */
export function postContactMessages(page: Page, messages: string[], companyId: string): Promise<QueuedAnswer[]> {
  return page.evaluate(
    async ({ messages, companyId }) =>
      Promise.all(
        messages.map(async (message) => {
          const response = await fetch('/api/contact-us', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${localStorage.getItem('auth-token')}`,
              'content-type': 'application/json',
              'idempotency-key': crypto.randomUUID(),
              'x-outbox-resource': 'contact-us',
              'x-outbox-label': encodeURIComponent('Message to support'),
            },
            body: JSON.stringify({ contact_type: 'support', message, company_id: companyId }),
          });
          return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
        }),
      ),
    { messages, companyId },
  );
}

/** The company of the token the page holds. */
export function pageCompanyId(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(atob(localStorage.getItem('auth-token')!.split('.')[1]!)).company_id as string);
}
