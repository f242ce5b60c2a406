// Live support chat over HTTP: the person's side under /api/chat (their own conversations),
// the administrators' under /api/admin-chat (their teams' conversations). Both sides share
// one set of conversation routes (read, message, attachment, typing, read mark, close,
// transcript); live updates go over the realtime channels (chat-views.ts).
import { contactRequestDesk } from '../../../server/module-hooks';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem, withTenant } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import type { HttpMethod } from '../../../shared/scopes';
import {
  ADMIN_CHAT_ENDPOINT,
  ADMIN_CHAT_STATUSES,
  adminChatPaths,
  AttachmentCaptionSchema,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ENDPOINT,
  chatMessages,
  ChatMessageSchema,
  chatPaths,
  StartChatSchema,
  type ChatConversationList,
  type ChatSide,
} from '../chat.contract';
import { supportClock } from './chat-clock';
import { findMessageFile, findPersonConversations, findTeamConversations, findTeamsOf } from './chat.queries';
import { chatAvailability, startChat } from './chat-start.service';
import {
  addMessage,
  announceTyping,
  closeConversation,
  emailTranscript,
  readConversation,
  takeConversation,
  withConversation,
} from './chat.service';
import { mountSupportTeams } from './support-teams.routes';
import { conversationId, nameAssignees, readPersonConversation, readTeamConversation, toSummary, type Viewer } from './chat-views';

const ATTACHMENT_TYPES = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.webp, FILE_TYPES.heic, FILE_TYPES.heif, FILE_TYPES.pdf];

const personAccess = (method: HttpMethod) => ({ config: { access: { endpoint: CHAT_ENDPOINT, method } } });
const adminAccess = (method: HttpMethod) => ({ config: { access: { endpoint: ADMIN_CHAT_ENDPOINT, method, scope: 'global' as const } } });

function personOf(request: FastifyRequest): Viewer & { companyId: string } {
  const session = requireSession(request);
  // An administrator signed in as someone (an approved access request) may read their chats,
  // never write in their name to the support teams.
  if (request.method !== 'GET' && session.impersonatorId) throw AppError.forbidden('You cannot chat as the person you are signed in as.');
  return { side: 'person', userId: session.userId, companyId: requireCompany(session) };
}
function administratorOf(request: FastifyRequest): Viewer {
  const session = requireSession(request);
  // Administrators have no company: an impersonated session never answers for a team.
  if (session.companyId) throw AppError.forbidden();
  return { side: 'team', userId: session.userId, companyId: null };
}

// `status` is one of the query format's list keys (src/shared/query-string.ts): one or more.
const AdminListQuery = v.object({
  status: v.optional(v.array(v.picklist(ADMIN_CHAT_STATUSES))),
  mine: v.optional(v.picklist(['1', '0'])),
});

/** The routes of one conversation, for one side. */
function mountConversation(app: FastifyInstance, deps: AppDeps, side: ChatSide): void {
  const { db } = deps;
  const base = side === 'person' ? `${chatPaths.conversations}/:id` : `${adminChatPaths.conversations}/:id`;
  const access = side === 'person' ? personAccess : adminAccess;
  const viewerOf = side === 'person' ? personOf : administratorOf;

  app.get(base, access('GET'), async (request) => {
    const viewer = viewerOf(request);
    const id = conversationId(request.params);
    return viewer.companyId
      ? readPersonConversation(db, { ...viewer, companyId: viewer.companyId }, id)
      : readTeamConversation(db, viewer, id);
  });

  app.post(`${base}/messages`, access('POST'), async (request, reply) => {
    const viewer = viewerOf(request);
    const id = conversationId(request.params);
    const input = parseInput(ChatMessageSchema, request.body);
    const messageId = await withConversation(db, viewer, id, (trx, conversation) =>
      addMessage(trx, viewer, conversation, { body: input.body }),
    );
    return reply.code(201).send({ id: messageId, conversation_id: id });
  });

  app.post(`${base}/attachments`, access('POST'), async (request, reply) => {
    const viewer = viewerOf(request);
    const id = conversationId(request.params);
    const messageId = await withConversation(db, viewer, id, async (trx, conversation) => {
      if (conversation.status === 'closed') throw AppError.validation({}, chatMessages.closed);
      let body = '';
      const { file } = await receiveUpload(request, {
        db: trx,
        companyId: conversation.company_id,
        userId: viewer.userId,
        maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
        allowedTypes: ATTACHMENT_TYPES,
        validateFields: (fields) => {
          body = parseInput(AttachmentCaptionSchema, fields).body;
        },
      });
      return addMessage(trx, viewer, conversation, { body, fileId: file.id });
    });
    return reply.code(201).send({ id: messageId, conversation_id: id });
  });

  app.get(`${base}/messages/:messageId/file`, access('GET'), async (request, reply) => {
    const viewer = viewerOf(request);
    const id = conversationId(request.params);
    const { messageId = '' } = request.params as { messageId?: string };
    if (!isUuid(messageId)) throw AppError.notFound();
    const file = await withConversation(db, viewer, id, (trx) => findMessageFile(trx, { conversationId: id, messageId }));
    if (!file) throw AppError.notFound();
    return sendFile(reply, file);
  });

  app.post(`${base}/typing`, access('POST'), async (request, reply) => {
    await announceTyping(db, viewerOf(request), conversationId(request.params));
    return reply.code(204).send();
  });
  app.post(`${base}/read`, access('POST'), async (request, reply) => {
    await readConversation(db, viewerOf(request), conversationId(request.params));
    return reply.code(204).send();
  });
  app.post(`${base}/close`, access('POST'), async (request, reply) => {
    await closeConversation(db, viewerOf(request), conversationId(request.params), auditCallerOf(request));
    return reply.code(204).send();
  });
  app.post(`${base}/transcript`, access('POST'), async (request, reply) => {
    await emailTranscript(deps, viewerOf(request), conversationId(request.params), auditCallerOf(request));
    deps.mail.wake();
    return reply.code(202).send({ sent: true });
  });
}

export const chatRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const clock = supportClock(deps.config);
  const contactRequests = contactRequestDesk(deps.modules);
  if (!contactRequests) throw new Error('Live chat needs the support module: it files messages written outside support hours.');
  const startDeps = { ...deps, clock, contactRequests };

  app.get(chatPaths.status, personAccess('GET'), async (request) => chatAvailability(startDeps, personOf(request)));

  app.get(chatPaths.conversations, personAccess('GET'), async (request): Promise<ChatConversationList> => {
    const person = personOf(request);
    const rows = await withTenant(db, person.companyId, (trx) => findPersonConversations(trx, person));
    return { results: (await nameAssignees(db, rows)).map(toSummary) };
  });

  app.post(chatPaths.conversations, personAccess('POST'), async (request, reply) => {
    const person = personOf(request);
    const input = parseInput(StartChatSchema, request.body);
    const result = await startChat(startDeps, person, input, auditCallerOf(request));
    deps.mail.wake();
    return reply.code(201).send(result);
  });

  app.get(adminChatPaths.conversations, adminAccess('GET'), async (request): Promise<ChatConversationList> => {
    const viewer = administratorOf(request);
    const query = v.safeParse(AdminListQuery, request.query ?? {});
    const filters = query.success ? query.output : {};
    const rows = await withSystem(db, async (trx) =>
      findTeamConversations(trx, {
        teams: await findTeamsOf(trx, viewer.userId),
        ...(filters.status?.length ? { statuses: filters.status } : {}),
        ...(filters.mine === '1' ? { assignedTo: viewer.userId } : {}),
      }),
    );
    return { results: rows.map(toSummary) };
  });

  app.post(`${adminChatPaths.conversations}/:id/take`, adminAccess('POST'), async (request, reply) => {
    await takeConversation(db, administratorOf(request), conversationId(request.params), auditCallerOf(request));
    return reply.code(204).send();
  });

  /** The teams the administrator answers for (the admin chat page's filter). */
  app.get(`${adminChatPaths.conversations.replace('/conversations', '/teams')}`, adminAccess('GET'), async (request) => {
    const viewer = administratorOf(request);
    return { teams: await withSystem(db, (trx) => findTeamsOf(trx, viewer.userId)) };
  });

  mountConversation(app, deps, 'person');
  mountConversation(app, deps, 'team');
  mountSupportTeams(app, deps);
};
