import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { ContactSupportModal } from './contact-support-modal';

const COMPANY_ID = '7b0c3f8e-2f4c-4d0e-9a51-0c2b6f1e9d11';
const CONFIRMATION =
  'I understand and confirm that I am sending a message to the support team, not my employer; the team can only help with system queries';

const server = mockApi();
beforeEach(() => localStorage.clear());

function signIn(authorisedContact: boolean) {
  const claims = { user_id: 'u1', first_name: 'Ann', company_id: COMPANY_ID, authorised_contact: authorisedContact, exp: 4_000_000_000 };
  setToken(`x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`);
}

function answerContactUs(answer: () => Response = () => HttpResponse.json({ id: 'r1' }, { status: 201 })) {
  const bodies: unknown[] = [];
  server.use(http.post('/api/contact-us', async ({ request }) => (bodies.push(await request.json()), answer())));
  return bodies;
}

async function open() {
  const onClose = vi.fn();
  renderWithApp(<ContactSupportModal opened onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
  return { onClose, dialog };
}

const message = () => screen.getByRole('textbox', { name: 'Message' });
const send = () => screen.getByRole('button', { name: 'Send' });

describe('contact support, for a user who is not an authorised contact', () => {
  beforeEach(() => signIn(false));

  it('keeps Send disabled until the confirmation is ticked, offers no department, and Cancel always works', async () => {
    const { onClose, dialog } = await open();
    expect(within(dialog).queryByRole('combobox', { name: 'Department' })).not.toBeInTheDocument();
    fireEvent.change(message(), { target: { value: 'The rota page does not load.' } });
    expect(send()).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    expect(send()).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends the message to the support team, says "Request submitted." and closes', async () => {
    const bodies = answerContactUs();
    const { onClose } = await open();
    expect(message()).toHaveAttribute('rows', '6');
    expect(screen.getByText('500 characters left')).toBeInTheDocument();
    fireEvent.change(message(), { target: { value: '  The rota page does not load.  ' } });
    expect(screen.getByText('468 characters left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.click(send());
    expect(await screen.findByText('Request submitted.')).toBeInTheDocument();
    expect(bodies).toEqual([{ contact_type: 'support', message: 'The rota page does not load.', company_id: COMPANY_ID }]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('kept by the outbox with no network (202 queued), says it will be sent later and closes', async () => {
    answerContactUs(() => HttpResponse.json({ queued: true, idempotency_key: 'k1' }, { status: 202 }));
    const { onClose } = await open();
    fireEvent.change(message(), { target: { value: 'Sent from the car park.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.click(send());
    expect(await screen.findByText('Saved — it will be sent when you are back online.')).toBeInTheDocument();
    expect(screen.queryByText('Request submitted.')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('refuses 501 characters without sending, and a message of blanks', async () => {
    const bodies = answerContactUs();
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.change(message(), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('Max length exceeded.')).toBeInTheDocument();
    fireEvent.click(send());
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    fireEvent.change(message(), { target: { value: '   ' } });
    fireEvent.click(send());
    await vi.waitFor(() => expect(message()).toHaveAccessibleDescription(/Field is required\./));
    expect(bodies).toEqual([]);
    expect(screen.queryByText('Request submitted.')).not.toBeInTheDocument();
  });

  it('takes exactly 500 characters', async () => {
    const bodies = answerContactUs();
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.change(message(), { target: { value: 'x'.repeat(500) } });
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    fireEvent.click(send());
    expect(await screen.findByText('Request submitted.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('puts a 422’s field errors on the fields, says those of hidden fields, and stays open', async () => {
    answerContactUs(() =>
      HttpResponse.json(
        {
          code: 'validation',
          message: 'Please check provided details.',
          errors: { message: ['Invalid characters.'], company_id: ['This company cannot send messages.'] },
        },
        { status: 422 },
      ),
    );
    const { onClose } = await open();
    fireEvent.change(message(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.click(send());
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(message()).toHaveAccessibleDescription(/Invalid characters\./);
    expect(screen.getByText('This company cannot send messages.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid characters.', { selector: '.mantine-Alert-message' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows "Error occurred" when the server fails, and stays open', async () => {
    answerContactUs(() => HttpResponse.json({ message: 'boom' }, { status: 500 }));
    const { onClose } = await open();
    fireEvent.change(message(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('checkbox', { name: CONFIRMATION }));
    fireEvent.click(send());
    expect(await screen.findByText('Error occurred')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('contact support, for an authorised contact', () => {
  beforeEach(() => signIn(true));

  it('asks for the department, needs no confirmation, and sends to the team chosen', async () => {
    const bodies = answerContactUs();
    await open();
    expect(screen.queryByRole('checkbox', { name: CONFIRMATION })).not.toBeInTheDocument();
    fireEvent.change(message(), { target: { value: 'A question about a dismissal.' } });
    fireEvent.click(send());
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveAccessibleDescription('Field is required.');
    fireEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Support team', 'HR advice team', 'H&S advice team']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    fireEvent.click(screen.getByRole('option', { name: 'HR advice team' }));
    fireEvent.click(send());
    expect(await screen.findByText('Request submitted.')).toBeInTheDocument();
    expect(bodies).toEqual([{ contact_type: 'hr', message: 'A question about a dismissal.', company_id: COMPANY_ID }]);
  });
});
