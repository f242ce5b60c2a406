// The signature panel and the outbox: a signature waiting to be sent says so instead of asking
// again, and one the server refused shows its words; signing again discards the refused one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setOutboxItems, setOutboxUser } from '../../../client/offline/outbox-items';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE } from '../../../shared/sw-messages';
import { DOCUMENT_CHANGED_MESSAGE, type DocumentDetail } from '../documents.contract';
import { SignPanel } from './sign-panel';

const server = mockApi();
// jsdom draws nothing: the signature pad gets a context whose every call does nothing.
HTMLCanvasElement.prototype.getContext = (() =>
  new Proxy({}, { get: () => () => undefined })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
const SHA = 'a'.repeat(64);
const DOCUMENT = { id: 'd1', title: 'Permit to work', version: { id: 'v2' }, sign_request: null } as unknown as DocumentDetail;
const signature = (patch: Parameters<typeof outboxSummary>[0]) =>
  outboxSummary({
    resource: 'document',
    label: 'Signature of Permit to work',
    url: '/api/document/d1/sign',
    form: '/document/d1',
    ...patch,
  });

afterEach(() => {
  setOutboxUser(null);
  removeServiceWorker();
});

describe('SignPanel', () => {
  it('says a signature made offline is waiting to sync instead of asking for it again', async () => {
    setOutboxUser('user-a');
    setOutboxItems('user-a', [signature({ state: 'waiting' })]);
    renderWithApp(<SignPanel document={DOCUMENT} seenSha256={SHA} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting to sync');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('shows why the earlier signature was refused; signing the current version discards it', async () => {
    const posted = controllingServiceWorker();
    setOutboxUser('user-a');
    setOutboxItems('user-a', [
      signature({ state: 'needs_attention', body: {}, error: { status: 409, message: DOCUMENT_CHANGED_MESSAGE } }),
    ]);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/document/d1/sign', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...DOCUMENT, can_sign: false });
      }),
    );
    renderWithApp(<SignPanel document={DOCUMENT} seenSha256={SHA} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENT_CHANGED_MESSAGE);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByText('Type'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Type your full name' }), { target: { value: 'Thomas Reid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'k1' }));
    expect(sent).toMatchObject({ seen_sha256: SHA, kind: 'typed', typed_name: 'Thomas Reid', signed_at: expect.any(String) });
  });
});
