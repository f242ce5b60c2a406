// The outbox page and the top bar's button, from the user's side.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SW_MESSAGE, type SwMessage } from '../../shared/sw-messages';
import { renderWithApp } from '../ui/test-render';
import { OutboxButton } from './outbox-button';
import { setOutboxItems, setOutboxUser } from './outbox-items';
import { DIALOG_FORMS, useCorrection, useCorrectionDialog } from './outbox-correction';
import { OUTBOX_EMPTY, OUTBOX_OFFLINE_NOTE, OutboxPage } from './outbox-page';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from './outbox-test-support';

const summary = outboxSummary;

let posted: SwMessage[];

beforeEach(() => {
  posted = controllingServiceWorker();
  act(() => setOutboxUser('user-a'));
});

afterEach(() => {
  removeServiceWorker();
  act(() => setOutboxUser(null));
});

describe('OutboxPage', () => {
  it('lists the user’s changes newest first with their state in words', async () => {
    act(() =>
      setOutboxItems('user-a', [
        summary({ id: 'old', label: 'Alert changed: Fire drill', createdAt: '2025-03-03T08:00:00.000Z', state: 'synced' }),
        summary({
          id: 'new',
          label: 'Message to support',
          createdAt: '2025-03-03T10:30:00.000Z',
          state: 'waiting',
          body: { contact_type: 'support', message: `The rota shows   the wrong Saturday ${'and more '.repeat(12)}` },
        }),
        summary({ id: 'mid', label: 'Profile picture', createdAt: '2025-03-03T09:00:00.000Z', state: 'sending' }),
      ]),
    );
    renderWithApp(<OutboxPage />);
    const rows = within(await screen.findByRole('list', { name: 'Outbox' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Message to support.*The rota shows the wrong Saturday and more.*…03\/03\/2025 10:30.*Waiting to sync/),
      expect.stringMatching(/Profile picture.*Sending…/),
      expect.stringMatching(/Alert changed: Fire drill.*Synced/),
    ]);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal with Retry, and Discard only after confirming', async () => {
    act(() =>
      setOutboxItems('user-a', [summary({ id: 'k9', state: 'needs_attention', error: { status: 422, message: 'Max length exceeded.' } })]),
    );
    renderWithApp(<OutboxPage />);
    const row = within(await screen.findByRole('list', { name: 'Outbox' })).getByRole('listitem');
    expect(row).toHaveTextContent('Needs attention');
    expect(row).toHaveTextContent('Max length exceeded.');

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(posted).toEqual([{ type: SW_MESSAGE.retryOutboxItem, id: 'k9' }]));

    fireEvent.click(within(row).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    expect(posted).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'k9' }));
  });

  it('offers Correct for a refused write its form can open, which opens that form holding the item', async () => {
    const refused = summary({
      id: 'c1',
      label: 'Expense claim',
      state: 'needs_attention',
      form: '/expenses/new',
      body: { description: 'Site visit' },
      error: { status: 422, message: 'A receipt is required for Training.' },
    });
    act(() =>
      setOutboxItems('user-a', [refused, summary({ id: 'c2', label: 'Receipt a.png', state: 'needs_attention', error: refused.error })]),
    );
    let opened: unknown = null;
    function Form() {
      opened = useCorrection('/expenses/new');
      return null;
    }
    function App() {
      return useRouterState({ select: (state) => state.location.pathname }) === '/expenses/new' ? <Form /> : <OutboxPage />;
    }
    const { router } = renderWithApp(<App />);
    const rows = within(await screen.findByRole('list', { name: 'Outbox' })).getAllByRole('listitem');
    // A file alone has no values to put back in a form: Retry and Discard only.
    expect(within(rows[1]!).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Correct/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses/new'));
    await waitFor(() => expect(opened).toEqual(refused));
  });

  it('opens a form that is a dialog over the page where the person is, holding the item, without leaving the outbox', async () => {
    const refused = summary({
      id: 'm1',
      state: 'needs_attention',
      form: DIALOG_FORMS.contactSupport,
      body: { message: 'The rota \u0007' },
      error: { status: 422, message: 'Invalid characters.' },
    });
    act(() => setOutboxItems('user-a', [refused]));
    let opened: unknown = null;
    function Dialog() {
      opened = useCorrection(DIALOG_FORMS.contactSupport);
      return <p>Contact support</p>;
    }
    function Frame() {
      const [open, setOpen] = useState(false);
      useCorrectionDialog(DIALOG_FORMS.contactSupport, () => setOpen(true));
      return (
        <>
          <OutboxPage />
          {open && <Dialog />}
        </>
      );
    }
    const { router } = renderWithApp(<Frame />);
    const row = within(await screen.findByRole('list', { name: 'Outbox' })).getByRole('listitem');
    const before = router.state.location.pathname;
    fireEvent.click(within(row).getByRole('button', { name: 'Correct “Message to support”' }));
    expect(await screen.findByText('Contact support')).toBeInTheDocument();
    expect(opened).toEqual(refused);
    expect(router.state.location.pathname).toBe(before);
  });

  it('names the button by what the form opens: the current version for a refused signature, Correct for a report with its photo', async () => {
    act(() =>
      setOutboxItems('user-a', [
        summary({
          id: 's1',
          label: 'Signature of Handbook',
          state: 'needs_attention',
          form: '/document/d1',
          formAction: 'Open the current version',
          error: { status: 409, message: 'This document has changed since you opened it.' },
        }),
        summary({
          id: 'i1',
          label: 'Incident report',
          state: 'needs_attention',
          form: '/incident-logs/new',
          parts: { fields: { data: '{"location":" "}' }, files: [{ name: 'file', file: new File(['x'], 'bay.jpg') }] },
          error: { status: 422, message: 'Where: Field is required.' },
        }),
      ]),
    );
    renderWithApp(<OutboxPage />);
    const rows = within(await screen.findByRole('list', { name: 'Outbox' })).getAllByRole('listitem');
    const signature = rows.find((row) => within(row).queryByText('Signature of Handbook'))!;
    expect(within(signature).getByRole('button', { name: 'Open the current version “Signature of Handbook”' })).toHaveTextContent(
      'Open the current version',
    );
    expect(within(signature).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
    const report = rows.find((row) => within(row).queryByText('Incident report'))!;
    expect(within(report).getByRole('button', { name: 'Correct “Incident report”' })).toBeInTheDocument();
  });

  it('says when there is nothing, and notes when the browser is offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderWithApp(<OutboxPage />);
      expect(await screen.findByText(OUTBOX_EMPTY)).toBeInTheDocument();
      expect(screen.getByText(OUTBOX_OFFLINE_NOTE)).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });
});

describe('OutboxButton', () => {
  it('links to /outbox and counts what is waiting, sending or needs attention, capped at 9+', async () => {
    const { router } = renderWithApp(<OutboxButton />);
    expect(await screen.findByRole('link', { name: 'Outbox' })).toBeInTheDocument();

    act(() =>
      setOutboxItems('user-a', [
        summary({ id: 'a', state: 'waiting' }),
        summary({ id: 'b', state: 'needs_attention' }),
        summary({ id: 'c', state: 'sending' }),
        summary({ id: 'd', state: 'synced' }),
      ]),
    );
    const link = screen.getByRole('link', { name: 'Outbox, 3 waiting' });
    act(() =>
      setOutboxItems(
        'user-a',
        Array.from({ length: 12 }, (_, index) => summary({ id: `k${index}` })),
      ),
    );
    expect(screen.getByRole('link', { name: 'Outbox, 9+ waiting' })).toBeInTheDocument();
    expect(screen.getByText('9+')).toBeInTheDocument();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'));
  });
});
