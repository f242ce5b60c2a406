// A message to support the server refused after it waited in the outbox, opened again from the
// outbox's "Correct": Contact support holds the message as written (and the team chosen), with
// the server's words on the field; sending the corrected message discards the refused one.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { CORRECTION_TITLE } from '../../../client/offline/correction-notice';
import { DIALOG_FORMS, startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../shared/sw-messages';
import { ContactSupportModal } from './contact-support-modal';

const COMPANY_ID = '7b0c3f8e-2f4c-4d0e-9a51-0c2b6f1e9d11';
const server = mockApi();
let posted: SwMessage[];
let bodies: unknown[];

function signIn(authorisedContact: boolean) {
  const claims = { user_id: 'u1', first_name: 'Ann', company_id: COMPANY_ID, authorised_contact: authorisedContact, exp: 4_000_000_000 };
  setToken(`x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`);
}

beforeEach(() => {
  localStorage.clear();
  posted = controllingServiceWorker();
  bodies = [];
  server.use(
    http.post(
      '/api/contact-us',
      async ({ request }) => (bodies.push(await request.json()), HttpResponse.json({ id: 'r1' }, { status: 201 })),
    ),
  );
});

afterEach(() => removeServiceWorker());

const refused = (body: Record<string, unknown>) =>
  outboxSummary({
    id: 'refused-message',
    state: 'needs_attention',
    form: DIALOG_FORMS.contactSupport,
    body: { company_id: COMPANY_ID, ...body },
    error: { status: 422, message: 'Please check provided details.', fields: { message: ['Invalid characters.'] } },
  });

const message = () => screen.getByRole('textbox', { name: 'Message' });

describe('correcting a refused message to support', () => {
  it('opens with the message as written, the team chosen and the server’s words, and sends the correction in its place', async () => {
    signIn(true);
    act(() => startCorrection(refused({ contact_type: 'hr', message: 'Question about a dismissal \u0007' })));
    const onClose = vi.fn();
    renderWithApp(<ContactSupportModal opened onClose={onClose} />);
    expect(await screen.findByText(CORRECTION_TITLE)).toBeInTheDocument();
    expect(message()).toHaveValue('Question about a dismissal \u0007');
    expect(message()).toHaveAccessibleDescription(/Invalid characters\./);
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('HR advice team');

    fireEvent.change(message(), { target: { value: 'Question about a dismissal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toEqual([{ contact_type: 'hr', message: 'Question about a dismissal', company_id: COMPANY_ID }]));
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-message' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the confirmation the person gave when they first sent it, and opens empty once the correction is sent', async () => {
    signIn(false);
    act(() => startCorrection(refused({ contact_type: 'support', message: 'The rota \u0007' })));
    const { unmount } = renderWithApp(<ContactSupportModal opened onClose={() => undefined} />);
    await screen.findByText(CORRECTION_TITLE);
    expect(screen.getByRole('checkbox', { name: /^I understand and confirm/ })).toBeChecked();
    fireEvent.change(message(), { target: { value: 'The rota' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    unmount();

    renderWithApp(<ContactSupportModal opened onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Contact support' });
    expect(message()).toHaveValue('');
    expect(screen.queryByText(CORRECTION_TITLE)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^I understand and confirm/ })).not.toBeChecked();
  });

  it('opens empty next time when closed without sending, the refused message left in the outbox', async () => {
    signIn(true);
    act(() => startCorrection(refused({ contact_type: 'hr', message: 'Question about a dismissal \u0007' })));
    const { unmount } = renderWithApp(<ContactSupportModal opened onClose={() => undefined} />);
    await screen.findByText(CORRECTION_TITLE);
    unmount();

    renderWithApp(<ContactSupportModal opened onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Contact support' });
    expect(message()).toHaveValue('');
    expect(screen.queryByText(CORRECTION_TITLE)).not.toBeInTheDocument();
    expect(posted).not.toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-message' });
  });
});
