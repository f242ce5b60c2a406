// A chat message the server refused after it waited in the outbox, opened again from the outbox's
// "Correct": the chat panel shows it where it was written — the start of a chat, with the
// server's words on the team, or the conversation's composer — and sending it discards the
// refused write; a message to a conversation that ended meanwhile is shown to copy. A team
// member's refused reply opens in its conversation on the live chat page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORRECTION_TITLE } from '../../../client/offline/correction-notice';
import { DIALOG_FORMS, startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../../shared/sw-messages';
import {
  CHAT_CONFIRMATION,
  ADMIN_CHAT_RESOURCE,
  adminChatPaths,
  CHAT_RESOURCE,
  chatMessages,
  chatPaths,
  type ChatAvailability,
  type ChatConversation,
  type ChatConversationSummary,
} from '../chat.contract';
import { AdminChatPage } from './admin-chat-page';
import { CHAT_FORMS } from './chat.api';
import { ChatPanel } from './chat-panel';

const server = mockApi();
const OPEN_ID = '6f5e4d3c-2b1a-4098-8765-43210fedcba9';
const ENDED_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
let posted: SwMessage[];
let sent: { path: string; body: unknown }[];

const summary = (id: string, status: ChatConversationSummary['status']): ChatConversationSummary => ({
  id,
  team: 'support',
  status,
  person_name: 'Ella Brown',
  company_name: 'Demo Ltd',
  assigned_to: null,
  assigned_name: null,
  created_at: '2026-11-27T09:00:00.000Z',
  last_message_at: '2026-11-27T09:05:00.000Z',
  last_message: 'Hello',
  unread: 0,
});

beforeEach(() => {
  posted = controllingServiceWorker();
  sent = [];
  const availability: ChatAvailability = {
    open: true,
    opens_at: null,
    teams: ['support'],
    needs_confirmation: true,
    advice_line: '0800 000 000',
  };
  const conversations = [summary(OPEN_ID, 'open'), summary(ENDED_ID, 'closed')];
  const record = async (request: Request) => {
    const body: unknown = await request.json();
    sent.push({ path: new URL(request.url).pathname, body });
  };
  server.use(
    http.get(`*${chatPaths.status}`, () => HttpResponse.json(availability)),
    http.get(`*${chatPaths.conversations}`, () => HttpResponse.json({ results: conversations })),
    http.get(`*${chatPaths.conversations}/:id`, ({ params }) => {
      const found = conversations.find((conversation) => conversation.id === params.id);
      return HttpResponse.json({ ...found, messages: [], other_read_at: null } satisfies Partial<ChatConversation>);
    }),
    http.post(`*${chatPaths.conversations}`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        kind: 'conversation',
        conversation: { ...summary(OPEN_ID, 'waiting'), messages: [], other_read_at: null },
      });
    }),
    // Typing in the composer says so to the other side.
    http.post(`*${chatPaths.conversations}/:id/typing`, () => new HttpResponse(null, { status: 204 })),
    http.post(`*${chatPaths.conversations}/:id/messages`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ id: 'm1' }, { status: 201 });
    }),
  );
});

afterEach(() => removeServiceWorker());

function refused(patch: Partial<OutboxItemSummary>): OutboxItemSummary {
  return outboxSummary({
    id: 'refused-chat',
    resource: CHAT_RESOURCE,
    label: 'Chat message',
    state: 'needs_attention',
    form: DIALOG_FORMS.chat,
    ...patch,
  });
}

describe('correcting a refused chat message from the outbox', () => {
  it('opens a refused start of a chat with the message, the server’s words on the team, and starts it in its place', async () => {
    act(() =>
      startCorrection(
        refused({
          url: chatPaths.conversations,
          body: { team: 'hr', message: 'Advice on a disciplinary meeting', confirmed: false },
          error: { status: 422, message: chatMessages.teamRefused, fields: { team: [chatMessages.teamRefused] } },
        }),
      ),
    );
    renderWithApp(<ChatPanel onClose={() => undefined} fullScreen />);
    const panel = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(await within(panel).findByText(CORRECTION_TITLE)).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Your message' })).toHaveValue('Advice on a disciplinary meeting');
    expect(within(panel).getAllByText(chatMessages.teamRefused).length).toBeGreaterThan(0);

    fireEvent.click(within(panel).getByRole('checkbox', { name: CHAT_CONFIRMATION }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: chatPaths.conversations,
      body: { team: 'support', message: 'Advice on a disciplinary meeting', confirmed: true },
    });
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-chat' }));
  });

  it('opens a refused message in its conversation, in the composer, and sends it there in its place', async () => {
    act(() =>
      startCorrection(
        refused({
          url: `${chatPaths.conversation(OPEN_ID)}/messages`,
          body: { body: 'The rota shows the wrong Saturday' },
          error: { status: 422, message: 'Please check provided details.', fields: { body: ['Invalid characters.'] } },
        }),
      ),
    );
    renderWithApp(<ChatPanel onClose={() => undefined} fullScreen />);
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    expect(composer).toHaveValue('The rota shows the wrong Saturday');
    expect(screen.getByText(CORRECTION_TITLE)).toBeInTheDocument();
    fireEvent.change(composer, { target: { value: 'The rota shows the wrong Saturday (the 29th)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: `${chatPaths.conversation(OPEN_ID)}/messages`,
      body: { body: 'The rota shows the wrong Saturday (the 29th)' },
    });
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-chat' }));
    await waitFor(() => expect(screen.queryByText(CORRECTION_TITLE)).not.toBeInTheDocument());
  });

  it('shows a message refused because its conversation ended, to copy, with no composer', async () => {
    act(() =>
      startCorrection(
        refused({
          url: `${chatPaths.conversation(ENDED_ID)}/messages`,
          body: { body: 'One more thing about Saturday' },
          error: { status: 422, message: chatMessages.closed },
        }),
      ),
    );
    renderWithApp(<ChatPanel onClose={() => undefined} fullScreen />);
    const notice = await screen.findByRole('status', { name: /Your message could not be sent/ });
    expect(within(notice).getByRole('definition')).toHaveTextContent('One more thing about Saturday');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: 'Remove it from the outbox' }));
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-chat' }));
  });
});

it('opens a team member’s refused reply in its conversation on the live chat page, and sends it there in its place', async () => {
  const waiting = { ...summary(OPEN_ID, 'open'), assigned_to: 'admin-1', assigned_name: 'Alex Admin' };
  server.use(
    http.get('*/api/admin-chat/teams', () => HttpResponse.json({ teams: ['support'] })),
    http.get(`*${adminChatPaths.conversations}`, () => HttpResponse.json({ results: [waiting] })),
    http.get(`*${adminChatPaths.conversations}/:id`, () => HttpResponse.json({ ...waiting, messages: [], other_read_at: null })),
    http.post(`*${adminChatPaths.conversations}/:id/messages`, async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ id: 'm2' }, { status: 201 });
    }),
  );
  act(() =>
    startCorrection(
      refused({
        resource: ADMIN_CHAT_RESOURCE,
        form: CHAT_FORMS.team,
        url: `${adminChatPaths.conversation(OPEN_ID)}/messages`,
        body: { body: 'Yes, Saturday is fixed now' },
        error: { status: 422, message: chatMessages.takenByOther },
      }),
    ),
  );
  renderWithApp(<AdminChatPage />, { path: CHAT_FORMS.team });
  const composer = await screen.findByRole('textbox', { name: 'Message' });
  expect(composer).toHaveValue('Yes, Saturday is fixed now');
  expect(screen.getByText(CORRECTION_TITLE)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() =>
    expect(sent).toEqual([{ path: `${adminChatPaths.conversation(OPEN_ID)}/messages`, body: { body: 'Yes, Saturday is fixed now' } }]),
  );
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-chat' }));
});
