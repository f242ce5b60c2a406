// "Ada is typing…": the other side's typing shows until their next message (or for a few
// seconds); the viewer's own message landing in the list meanwhile does not end it.
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createRealtimeEventHandler } from '../../../client/realtime/realtime-events';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { CHAT_EVENTS, chatPaths, type ChatConversation, type ChatMessage, type ChatSide } from '../chat.contract';
import { conversationQueryOptions } from './chat.api';
import { ChatThread } from './chat-thread';

const server = mockApi();
const ID = '6f5e4d3c-2b1a-4098-8765-43210fedcba9';

const message = (n: number, side: ChatSide): ChatMessage => ({
  id: `m${n}`,
  conversation_id: ID,
  side,
  author_name: side === 'team' ? 'Ada Adams' : 'Ella Brown',
  body: `Message ${n}`,
  attachment: null,
  created_at: `2026-11-27T09:0${n}:00.000Z`,
});

describe('the typing indicator', () => {
  it('stays while the viewer’s own message lands, and ends with the other side’s message', async () => {
    let messages: ChatMessage[] = [message(1, 'person')];
    server.use(
      http.get(`*${chatPaths.conversations}/:id`, () =>
        HttpResponse.json({
          id: ID,
          team: 'support',
          status: 'open',
          person_name: 'Ella Brown',
          company_name: 'Demo Ltd',
          assigned_to: 'a1',
          assigned_name: 'Ada Adams',
          created_at: '2026-11-27T09:00:00.000Z',
          last_message_at: '2026-11-27T09:01:00.000Z',
          last_message: 'Message 1',
          unread: 0,
          messages,
          other_read_at: null,
        } satisfies ChatConversation),
      ),
      http.post(`*${chatPaths.conversations}/:id/read`, () => new HttpResponse(null, { status: 204 })),
    );
    const { queryClient } = renderWithApp(<ChatThread side="person" conversationId={ID} height={300} />);
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    const typing = {
      id: '1',
      channel: 'user',
      event: CHAT_EVENTS.typing,
      invalidates: [],
      payload: { conversation_id: ID, side: 'team', name: 'Ada' },
    };
    act(() => createRealtimeEventHandler(queryClient).handleEvent(typing));
    expect(await screen.findByTestId('chat-typing')).toHaveTextContent('Ada is typing…');

    messages = [...messages, message(2, 'person')];
    await act(() => queryClient.refetchQueries({ queryKey: conversationQueryOptions('person', ID).queryKey }));
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Ada is typing…');

    messages = [...messages, message(3, 'team')];
    await act(() => queryClient.refetchQueries({ queryKey: conversationQueryOptions('person', ID).queryKey }));
    expect(await screen.findByText('Message 3')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
  });
});
