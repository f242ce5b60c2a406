// A person starts a chat. In support hours it opens a conversation that the team's
// administrators see at once; outside them the message becomes a contact request, filed and
// e-mailed through the support module's desk like the contact form's, and the person is told
// when the team is back.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import type { ContactRequestDesk } from '../../../server/module-hooks';
import { withTenant } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { CHAT_EVENTS, chatMessages, type ChatAvailability, type StartChatResult, type StartChatInput } from '../chat.contract';
import { chatTeamsFor } from '../chat.policy';
import { supportHoursNow, type Clock } from './chat-clock';
import { insertConversation } from './chat.queries';
import { publishToConversation, readPersonConversation } from './chat-views';
import { addMessage, type ChatDeps } from './chat.service';

type Person = { userId: string; companyId: string };
/** The support module's desk: who is writing, and where an out-of-hours message is filed. */
export type StartDeps = ChatDeps & { clock: Clock; contactRequests: ContactRequestDesk };
type Started = Extract<StartChatResult, { kind: 'contact_request' }> | { kind: 'conversation'; id: string };

export async function chatAvailability(deps: StartDeps, person: Person): Promise<ChatAvailability> {
  const found = await withTenant(deps.db, person.companyId, (trx) => deps.contactRequests.sender(trx, person));
  if (!found) throw AppError.forbidden();
  const hours = supportHoursNow(deps.clock);
  return {
    open: hours.open,
    opens_at: hours.opensAt?.toISOString() ?? null,
    teams: chatTeamsFor(found.authorised_contact),
    needs_confirmation: !found.authorised_contact,
    advice_line: deps.config.support.adviceLine,
  };
}

export async function startChat(
  deps: StartDeps,
  person: Person,
  input: Required<Pick<StartChatInput, 'team' | 'message' | 'confirmed'>>,
  caller: AuditCaller,
): Promise<StartChatResult> {
  const { db, config } = deps;
  const hours = supportHoursNow(deps.clock);
  const outcome = await withTenant(db, person.companyId, async (trx): Promise<Started> => {
    const sender = await deps.contactRequests.sender(trx, person);
    if (!sender) throw AppError.forbidden();
    if (!chatTeamsFor(sender.authorised_contact).includes(input.team)) {
      throw AppError.validation({ team: [chatMessages.teamRefused] }, chatMessages.teamRefused);
    }
    if (!sender.authorised_contact && !input.confirmed) {
      throw AppError.validation({ confirmed: [chatMessages.confirmationRequired] }, chatMessages.confirmationRequired);
    }
    if (!hours.open) {
      const filed = await deps.contactRequests.file(trx, config, {
        ...person,
        contactType: input.team,
        message: input.message,
        source: 'chat',
        sender,
      });
      const contactRequestId = filed.id;
      await auditCaller(trx, caller, {
        companyId: person.companyId,
        action: 'contact_request.created',
        targetType: 'contact_request',
        targetId: contactRequestId,
        details: { contact_type: input.team, source: 'chat' },
      });
      return { kind: 'contact_request', contact_request_id: contactRequestId, opens_at: hours.opensAt?.toISOString() ?? null };
    }

    const conversation = await insertConversation(trx, { ...person, team: input.team });
    await auditCaller(trx, caller, {
      companyId: person.companyId,
      action: 'chat.started',
      targetType: 'chat_conversation',
      targetId: conversation.id,
      details: { team: input.team },
    });
    // The team hears of the conversation first, then of its first message.
    await publishToConversation(trx, conversation, {
      event: CHAT_EVENTS.conversation,
      to: 'team',
      payload: () => ({ conversation_id: conversation.id }),
    });
    await addMessage(trx, { side: 'person', ...person }, conversation, { body: input.message });
    return { kind: 'conversation', id: conversation.id };
  });
  if (outcome.kind === 'contact_request') return outcome;
  return { kind: 'conversation', conversation: await readPersonConversation(db, { side: 'person', ...person }, outcome.id) };
}
