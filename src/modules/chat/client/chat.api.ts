// The chat's calls for both sides. Messages are queueable writes: with no network the service
// worker keeps them (attachments too) with their Idempotency-Key and sends each once when the
// network returns; a refused message (or a refused start of a chat) opens again from the outbox
// in the chat, to correct. Typing and read marks are not queued: they mean nothing later.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { DIALOG_FORMS } from '../../../client/offline/outbox-correction';
import type { OutboxItemSummary, QueuedResponse } from '../../../shared/sw-messages';
import {
  ADMIN_CHAT_RESOURCE,
  AttachmentCaptionSchema,
  ChatMessageSchema,
  adminChatPaths,
  CHAT_RESOURCE,
  chatPaths,
  conversationBase,
  StartChatSchema,
  type ChatAvailability,
  type ChatConversation,
  type ChatConversationList,
  type ChatSide,
  type ChatStatus,
  type ChatTeam,
  type StartChatInput,
  type StartChatResult,
} from '../chat.contract';

const resourceOf = (side: ChatSide) => (side === 'person' ? CHAT_RESOURCE : ADMIN_CHAT_RESOURCE);

/** Where a side writes its messages: the person's chat panel (over any page), the team's chat page. */
export const CHAT_FORMS: Record<ChatSide, string> = { person: DIALOG_FORMS.chat, team: '/admin/chat' };

const MESSAGES = '/messages';

/** The conversation a refused message of `side` was written in, or null for any other write. */
export function refusedConversationId(item: OutboxItemSummary | null, side: ChatSide): string | null {
  const base = conversationBase(side, '');
  if (!item || !item.url.startsWith(base) || !item.url.endsWith(MESSAGES)) return null;
  const id = item.url.slice(base.length, -MESSAGES.length);
  return id && !id.includes('/') ? id : null;
}

export const chatKeys = {
  status: [CHAT_RESOURCE, 'status'] as const,
  mine: [CHAT_RESOURCE, 'list'] as const,
  conversation: (side: ChatSide, id: string) => [resourceOf(side), 'one', id] as const,
  team: (filters: AdminChatFilters) => [ADMIN_CHAT_RESOURCE, 'list', filters] as const,
};

export const chatStatusQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.status, queryFn: () => apiFetch<ChatAvailability>(chatPaths.status), staleTime: 60_000 });

export const myConversationsQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.mine, queryFn: () => apiFetch<ChatConversationList>(chatPaths.conversations) });

export const conversationQueryOptions = (side: ChatSide, id: string) =>
  queryOptions({ queryKey: chatKeys.conversation(side, id), queryFn: () => apiFetch<ChatConversation>(conversationBase(side, id)) });

export type AdminChatFilters = { status?: ChatStatus; mine?: '1' };

export const teamConversationsQueryOptions = (filters: AdminChatFilters) =>
  queryOptions({
    queryKey: chatKeys.team(filters),
    queryFn: () => apiFetch<ChatConversationList>(adminChatPaths.conversations, { query: filters }),
  });

export const myTeamsQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_CHAT_RESOURCE, 'teams'] as const,
    queryFn: () => apiFetch<{ teams: ChatTeam[] }>('/api/admin-chat/teams'),
    staleTime: 5 * 60_000,
  });

export const startChat = (input: StartChatInput) =>
  apiFetch<StartChatResult>(chatPaths.conversations, {
    method: 'POST',
    body: input,
    queue: { resource: CHAT_RESOURCE, label: 'Chat message', schema: StartChatSchema, form: CHAT_FORMS.person },
  });

export const sendChatMessage = (side: ChatSide, id: string, body: string) =>
  apiFetch<{ id: string }>(`${conversationBase(side, id)}${MESSAGES}`, {
    method: 'POST',
    body: { body },
    queue: { resource: resourceOf(side), label: 'Chat message', schema: ChatMessageSchema, form: CHAT_FORMS[side] },
  });

/** A file with an optional caption (multipart), queueable like a message. */
export async function sendChatAttachment(side: ChatSide, id: string, file: File, body: string): Promise<{ id: string } | QueuedResponse> {
  const form = new FormData();
  form.set('body', body);
  form.set('file', file, file.name);
  return apiFetch<{ id: string }>(`${conversationBase(side, id)}/attachments`, {
    method: 'POST',
    body: form,
    // Sent as soon as it is chosen: a refused file is mended by choosing another, not in a form.
    queue: { resource: resourceOf(side), label: `Chat file ${file.name}`, schema: AttachmentCaptionSchema, input: { body }, form: null },
  });
}

const action = (side: ChatSide, id: string, name: 'typing' | 'read' | 'close' | 'transcript' | 'take') =>
  apiFetch<unknown>(`${conversationBase(side, id)}/${name}`, { method: 'POST' });

export const announceTyping = (side: ChatSide, id: string) => action(side, id, 'typing');
export const markConversationRead = (side: ChatSide, id: string) => action(side, id, 'read');
export const closeConversation = (side: ChatSide, id: string) => action(side, id, 'close');
export const emailTranscript = (side: ChatSide, id: string) => action(side, id, 'transcript');
export const takeConversation = (id: string) => action('team', id, 'take');
