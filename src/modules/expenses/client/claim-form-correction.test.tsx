// A claim the server refused after it waited in the outbox, opened again from the outbox's
// "Correct": the form holds what the person wrote and the server's message on the field; sending
// the corrected claim discards the refused one. An edit refused because the claim was approved
// meanwhile opens as a copy: the person's version, to send as a new claim.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../../shared/sw-messages';
import { EXPENSE_RESOURCES, expenseMessages, expensePaths } from '../expenses.contract';
import { ClaimForm } from './claim-form';

const server = mockApi();
const CLAIM_ID = '0b7d4f7e-6a0c-4f43-9d8e-2f5a1b3c4d5e';
const JOURNEY_ID = '5c1e9a2b-7d3f-4e8a-b6c0-1d2e3f4a5b6c';
let posted: SwMessage[];
let sent: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  posted = controllingServiceWorker();
  sent = [];
  server.use(
    http.get(`*${expensePaths.types}`, () => HttpResponse.json({ results: [], count: 0 })),
    http.all(`*${expensePaths.claims}*`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: request.method, path: new URL(request.url).pathname, body });
      return HttpResponse.json({ id: body.id, status: 'submitted' }, { status: request.method === 'POST' ? 201 : 200 });
    }),
  );
});

afterEach(() => removeServiceWorker());

const journey = { id: JOURNEY_ID, date: '2026-11-20', miles: 42, vehicle: 'car', passengers: 0, from: 'Leeds', to: 'York', purpose: '' };

function refused(patch: Partial<OutboxItemSummary>): OutboxItemSummary {
  return outboxSummary({
    id: 'refused-1',
    resource: EXPENSE_RESOURCES.claim,
    label: 'Mileage claim',
    url: expensePaths.claims,
    state: 'needs_attention',
    form: '/expenses/new',
    body: { id: CLAIM_ID, description: 'Supplier visit', submit: true, items: [], journeys: [journey] },
    error: { status: 422, message: 'Journey 1: Field is required.', fields: { 'journeys.0.purpose': ['Field is required.'] } },
    ...patch,
  });
}

describe('correcting a refused claim from the outbox', () => {
  it('opens with the queued values and the field message, and sends the correction once in place of the refused one', async () => {
    startCorrection(refused({}));
    renderWithApp(<ClaimForm />);
    expect(await screen.findByText('Refused when it was sent')).toBeInTheDocument();
    expect(screen.getByLabelText('What is this claim for?')).toHaveValue('Supplier visit');
    expect(screen.getByRole('textbox', { name: /^From/ })).toHaveValue('Leeds');
    expect(screen.getByRole('textbox', { name: /^Miles/ })).toHaveValue('42');
    const purpose = screen.getByRole('textbox', { name: /Business purpose/ });
    expect(purpose).toHaveAccessibleDescription('Field is required.');

    fireEvent.change(purpose, { target: { value: 'Supplier visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { id: CLAIM_ID, journeys: [{ id: JOURNEY_ID, purpose: 'Supplier visit', miles: 42 }] },
    });
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-1' }));
  });

  it('refuses a correction that still breaks the contract in the form, sending nothing', async () => {
    startCorrection(refused({}));
    renderWithApp(<ClaimForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit claim' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Business purpose/ })).toHaveAccessibleDescription('Field is required.'),
    );
    expect(sent).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('opens an edit refused because the claim was approved meanwhile as a copy, sent as a new claim', async () => {
    const message = expenseMessages.changedMeanwhile('approved');
    const copy = refused({
      form: `/expense/${CLAIM_ID}/edit`,
      method: 'PUT',
      url: expensePaths.claim(CLAIM_ID),
      body: {
        id: CLAIM_ID,
        seen_status: 'submitted',
        description: 'Supplier visit',
        submit: true,
        items: [],
        journeys: [{ ...journey, purpose: 'Audit' }],
      },
      error: { status: 409, message },
    });
    act(() => startCorrection(copy));
    renderWithApp(<ClaimForm copy={copy} />);
    expect(await screen.findByText('Your change was not saved')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(message.slice(0, 40)))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Business purpose/ })).toHaveValue('Audit');
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body.id).not.toBe(CLAIM_ID);
    expect(sent[0]?.body).not.toHaveProperty('seen_status');
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-1' }));
  });
});
