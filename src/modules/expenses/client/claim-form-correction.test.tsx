// A claim the server refused after it waited in the outbox, opened again from the outbox's
// "Correct": the form holds what the person wrote and the server's message on the field; sending
// the corrected claim discards the refused one. An edit refused because the claim was approved
// meanwhile opens as a copy: the person's version, to send as a new claim. The receipts queued
// behind a refused claim (refused with it) come back on their items and are sent again with it.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { setOutboxItems, setOutboxUser } from '../../../client/offline/outbox-items';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../../shared/sw-messages';
import { EXPENSE_RESOURCES, expenseMessages, expensePaths } from '../expenses.contract';
import { ClaimForm } from './claim-form';

const server = mockApi();
const CLAIM_ID = '0b7d4f7e-6a0c-4f43-9d8e-2f5a1b3c4d5e';
const JOURNEY_ID = '5c1e9a2b-7d3f-4e8a-b6c0-1d2e3f4a5b6c';
let posted: SwMessage[];
const ITEM_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TYPE_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';
let sent: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  posted = controllingServiceWorker();
  sent = [];
  server.use(
    http.get(`*${expensePaths.types}`, () => HttpResponse.json({ results: [], count: 0 })),
    http.all(`*${expensePaths.claims}*`, async ({ request }) => {
      const multipart = request.headers.get('content-type')?.includes('multipart/form-data');
      const body = multipart
        ? // A file as 'a file' (neither its name nor its bytes survive the test's fetch; the form shows its name).
          Object.fromEntries(
            [...(await request.formData()).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : 'a file']),
          )
        : ((await request.json()) as Record<string, unknown>);
      sent.push({ method: request.method, path: new URL(request.url).pathname, body });
      return HttpResponse.json({ id: body.id, status: 'submitted' }, { status: request.method === 'POST' ? 201 : 200 });
    }),
  );
});

afterEach(() => {
  removeServiceWorker();
  act(() => setOutboxUser(null));
});

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
  it('puts back the receipts refused behind the claim, on their item, and sends them again with it once', async () => {
    const photo = new File(['parking receipt'], 'parking.jpg', { type: 'image/jpeg' });
    const item = {
      id: ITEM_ID,
      date: '2026-11-20',
      expense_type_id: TYPE_ID,
      description: 'Parking',
      gross: 12,
      vat: 0,
      supplier: '',
      vat_receipt_held: false,
    };
    const claim = refused({
      label: 'Expense claim',
      body: { id: CLAIM_ID, description: '', submit: false, items: [item], journeys: [] },
      error: { status: 422, message: 'Please check the claim.', fields: { description: ['Field is required.'] } },
    });
    const notFound = { status: 404, message: 'This claim was not found.' };
    const receipt = outboxSummary({
      id: 'receipt-1',
      resource: EXPENSE_RESOURCES.claim,
      label: 'Receipt parking.jpg',
      url: expensePaths.receipts(CLAIM_ID),
      state: 'needs_attention',
      error: notFound,
      parts: { fields: { item_id: ITEM_ID }, files: [{ name: 'file', file: photo }] },
    });
    const submit = outboxSummary({
      id: 'submit-1',
      resource: EXPENSE_RESOURCES.claim,
      label: 'Submit claim',
      url: expensePaths.action(CLAIM_ID, 'submit'),
      state: 'needs_attention',
      error: notFound,
    });
    const elsewhere = outboxSummary({ ...receipt, id: 'receipt-other', url: expensePaths.receipts(JOURNEY_ID) });
    act(() => {
      setOutboxUser('user-a');
      setOutboxItems('user-a', [claim, receipt, submit, elsewhere]);
    });
    startCorrection(claim);
    renderWithApp(<ClaimForm />);
    expect(await screen.findByText('parking.jpg')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove receipt/ })).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('What is this claim for?'), { target: { value: 'Site visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: expensePaths.claims,
        body: expect.objectContaining({ id: CLAIM_ID, description: 'Site visit' }),
      }),
      { method: 'POST', path: expensePaths.receipts(CLAIM_ID), body: { item_id: ITEM_ID, file: 'a file' } },
      expect.objectContaining({ method: 'POST', path: expensePaths.action(CLAIM_ID, 'submit') }),
    ]);
    await waitFor(() =>
      expect(posted).toEqual(
        expect.arrayContaining(['refused-1', 'receipt-1', 'submit-1'].map((id) => ({ type: SW_MESSAGE.discardOutboxItem, id }))),
      ),
    );
    expect(posted).not.toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'receipt-other' });
  });
});
