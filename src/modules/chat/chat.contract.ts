// Live support chat: a company user talks with one support team (support, HR advice, H&S
// advice) during support hours; outside them the message becomes a contact request. The
// team's administrators answer from /admin/chat. Both sides hear messages, typing and read
// marks over the realtime channels of the people concerned (user-{id}), never a company's.
import * as v from 'valibot';
import { MESSAGE_MAX_LENGTH } from '../../shared/constants';
import { multilineTextField, requiredMultilineTextField } from '../../shared/validators';
import { CONTACT_TYPE_LABELS, CONTACT_TYPES, type ContactType } from '../support/support.contract';

export const CHAT_TEAMS = CONTACT_TYPES;
export type ChatTeam = ContactType;
export const CHAT_TEAM_LABELS: Record<ChatTeam, string> = CONTACT_TYPE_LABELS;

/** The person's side (company users) and the administrators' side. */
export const CHAT_ENDPOINT = '/api/chat';
export const ADMIN_CHAT_ENDPOINT = '/api/admin-chat';

export const chatPaths = {
  status: '/api/chat/status',
  conversations: '/api/chat/conversations',
  conversation: (id: string) => `/api/chat/conversations/${id}`,
} as const;
export const adminChatPaths = {
  conversations: '/api/admin-chat/conversations',
  conversation: (id: string) => `/api/admin-chat/conversations/${id}`,
} as const;
export type ChatSide = 'person' | 'team';
/** The base path of one side's conversation routes. */
export const conversationBase = (side: ChatSide, id: string) => (side === 'person' ? chatPaths : adminChatPaths).conversation(id);

/** Resource names: cached data the events invalidate. */
export const CHAT_RESOURCE = 'chat-conversations';
export const ADMIN_CHAT_RESOURCE = 'admin-chat-conversations';
export const CHAT_EVENTS = {
  message: 'chat_message',
  typing: 'chat_typing',
  read: 'chat_read',
  conversation: 'chat_conversation',
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = MESSAGE_MAX_LENGTH;
export const CHAT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A typing event is sent at most this often while someone types, and shown this long after the last. */
export const TYPING_SEND_EVERY_MS = 2_500;
export const TYPING_SHOW_MS = 5_000;

/**
 * Non-authorised contacts tick it before their first message, as on the contact form: they
 * write to the support team, not their employer, and the team can only help with the system.
 */
export { CONTACT_CONFIRMATION as CHAT_CONFIRMATION } from '../support/support.contract';
export const chatMessages = {
  teamRefused: 'Only authorised contacts can chat with the HR or H&S advice team.',
  confirmationRequired: 'Please confirm that you are writing to the support team, not your employer.',
  closed: 'This conversation has ended.',
  notTaken: 'Take the conversation before you reply.',
  takenByOther: 'Another administrator has taken this conversation.',
  empty: 'Write a message or attach a file.',
} as const;

export const StartChatSchema = v.object(
  {
    team: v.optional(v.picklist(CHAT_TEAMS, 'Field is required.'), 'support'),
    message: requiredMultilineTextField({ maxLength: CHAT_MESSAGE_MAX_LENGTH }),
    /** Non-authorised contacts: the confirmation above, ticked. */
    confirmed: v.optional(v.boolean('Field is required.'), false),
  },
  'Field is required.',
);
export type StartChatInput = v.InferInput<typeof StartChatSchema>;

export const ChatMessageSchema = v.object(
  { body: requiredMultilineTextField({ maxLength: CHAT_MESSAGE_MAX_LENGTH }) },
  'Field is required.',
);
export type ChatMessageInput = v.InferInput<typeof ChatMessageSchema>;
/** The text beside an attachment (multipart field `body`), which may be empty. */
export const AttachmentCaptionSchema = v.object({ body: v.optional(multilineTextField({ maxLength: CHAT_MESSAGE_MAX_LENGTH }), '') });

export const ADMIN_CHAT_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ChatStatus = (typeof ADMIN_CHAT_STATUSES)[number];
export const ChatStatusLabels: Record<ChatStatus, string> = { waiting: 'Waiting', open: 'Open', closed: 'Ended' };

/** GET /api/chat/status: whether the teams answer now, and when they are back. */
export type ChatAvailability = {
  open: boolean;
  /** The next opening (ISO), when closed. */
  opens_at: string | null;
  /** The teams this person may chat with. */
  teams: ChatTeam[];
  /** Non-authorised contacts confirm they are writing to the support team first. */
  needs_confirmation: boolean;
  advice_line: string;
};

export type ChatAttachment = { name: string; mime_type: string; size_bytes: number; download_path: string };

export type ChatMessage = {
  id: string;
  conversation_id: string;
  side: ChatSide;
  author_name: string;
  body: string;
  attachment: ChatAttachment | null;
  created_at: string;
};

export type ChatConversationSummary = {
  id: string;
  team: ChatTeam;
  status: ChatStatus;
  person_name: string;
  company_name: string;
  assigned_to: string | null;
  assigned_name: string | null;
  created_at: string;
  last_message_at: string;
  last_message: string;
  /** Messages from the other side this viewer has not read. */
  unread: number;
};

export type ChatConversation = ChatConversationSummary & {
  messages: ChatMessage[];
  /** When the other side last read the conversation: the viewer's messages up to it show "Read". */
  other_read_at: string | null;
};

export type ChatConversationList = { results: ChatConversationSummary[] };

/** What POST /api/chat/conversations answers: a conversation in hours, a contact request out of them. */
export type StartChatResult =
  | { kind: 'conversation'; conversation: ChatConversation }
  | { kind: 'contact_request'; contact_request_id: string; opens_at: string | null };

/**
 * Support-team membership (administrators only): who hears which team's conversations. Read and
 * set per administrator under the administrators' chat endpoint; POST replaces the teams.
 */
export const supportTeamPaths = {
  list: '/api/admin-chat/team-members',
  member: (administratorId: string) => `/api/admin-chat/team-members/${encodeURIComponent(administratorId)}`,
} as const;
export const SUPPORT_TEAMS_RESOURCE = 'support-team-members';
/** A newly invited administrator starts here, so someone new hears the support team's conversations. */
export const DEFAULT_ADMINISTRATOR_TEAMS: readonly ChatTeam[] = ['support'];

export type SupportTeamMember = { user_id: string; teams: ChatTeam[] };
export type SupportTeamMemberList = { results: SupportTeamMember[] };

export const UpdateSupportTeamsInputSchema = v.object(
  {
    teams: v.pipe(
      v.array(v.picklist(CHAT_TEAMS, 'Choose support, HR advice or H&S advice.'), 'Field is required.'),
      v.maxLength(CHAT_TEAMS.length, 'Choose each team once.'),
      v.transform((teams) => CHAT_TEAMS.filter((team) => teams.includes(team))),
    ),
  },
  'Field is required.',
);
export type UpdateSupportTeamsInput = v.InferInput<typeof UpdateSupportTeamsInputSchema>;

export type ChatTypingPayload = { conversation_id: string; side: ChatSide; name: string };
