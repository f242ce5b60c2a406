// An overtime report the server refused after it waited in the outbox, opened again from the
// outbox's "Correct": the form holds what was queued, with the server's words and field message,
// and the corrected report is sent in place of the refused one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../shared/sw-messages';
import { OVERTIME_RESOURCES, overtimePaths } from '../overtime.contract';
import { ReportPage } from './report-page';

const server = mockApi();
let posted: SwMessage[];
let sent: unknown[];

beforeEach(() => {
  posted = controllingServiceWorker();
  sent = [];
  server.use(
    http.get('*/api/overtime-allowance', () =>
      HttpResponse.json({ overtime_enabled: true, allow_payable_overtime: false, allow_toil_overtime: true, rates: [] }),
    ),
    http.post(`*${overtimePaths.reports}`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ id: 'r1' }, { status: 201 });
    }),
  );
});

afterEach(() => removeServiceWorker());

it('opens a refused report with what was queued and the server’s message, and sends the correction in its place', async () => {
  startCorrection(
    outboxSummary({
      id: 'refused-ot',
      resource: OVERTIME_RESOURCES.overtime,
      label: 'Overtime report',
      url: overtimePaths.reports,
      state: 'needs_attention',
      form: '/overtime/report',
      body: {
        user_id: null,
        date: '2026-11-20',
        start_time: null,
        end_time: null,
        hours: 2,
        reason: 'Stocktake',
        compensation: 'paid',
        overtime_rate_id: null,
      },
      error: {
        status: 422,
        message: 'Paid overtime is not allowed for you.',
        fields: { compensation: ['Paid overtime is not allowed for you.'] },
      },
    }),
  );
  renderWithApp(<ReportPage />);
  expect(await screen.findByRole('textbox', { name: /^Reason/ })).toHaveValue('Stocktake');
  expect(screen.getAllByText('Paid overtime is not allowed for you.').length).toBeGreaterThan(0);
  fireEvent.click(screen.getByRole('radio', { name: /in lieu/i }));
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ date: '2026-11-20', hours: 2, reason: 'Stocktake', compensation: 'toil' });
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-ot' }));
});
