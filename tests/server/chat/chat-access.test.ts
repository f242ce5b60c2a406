// Live support chat through the API: support hours on a fixed clock, who may chat with which
// team, only the team's administrators see and answer a conversation, nothing reaches another
// company or another team (responses and realtime channels), and a message outside hours
// becomes a contact request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAvailability, ChatConversation, ChatConversationList, StartChatResult } from '../../../src/modules/chat/chat.contract';
import type { ContactRequestList } from '../../../src/modules/support/support.contract';
import { mailText } from '../../support/identity-fixtures';
import { AFTER_HOURS, BANK_HOLIDAY, IN_HOURS, call, chatEventChannels, startChatWorld, type ChatWorld } from '../../support/chat-fixtures';

let w: ChatWorld;
beforeAll(async () => {
  w = await startChatWorld();
}, 60_000);
afterAll(async () => w.close());

async function start(who = w.employee, body: object = { team: 'support', message: 'My rota will not load', confirmed: true }) {
  const res = await call(w.t, who, 'POST', '/api/chat/conversations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StartChatResult>();
}
async function startConversation(who = w.employee, body?: object): Promise<ChatConversation> {
  w.setClock(IN_HOURS);
  const result = await start(who, body);
  if (result.kind !== 'conversation') throw new Error('expected a conversation');
  return result.conversation;
}

describe('support hours', () => {
  it('are open on a weekday at 10:00 London time and say when they are back after 17:00 and on a bank holiday', async () => {
    w.setClock(IN_HOURS);
    const open = (await call(w.t, w.employee, 'GET', '/api/chat/status')).json<ChatAvailability>();
    expect(open).toMatchObject({ open: true, opens_at: null, teams: ['support'], needs_confirmation: true });
    expect(open.advice_line).toMatch(/\d/);

    w.setClock(AFTER_HOURS);
    const closed = (await call(w.t, w.authorised, 'GET', '/api/chat/status')).json<ChatAvailability>();
    expect(closed).toMatchObject({
      open: false,
      opens_at: '2026-11-25T09:00:00.000Z',
      teams: ['support', 'hr', 'hs'],
      needs_confirmation: false,
    });

    w.setClock(BANK_HOLIDAY);
    const holiday = (await call(w.t, w.employee, 'GET', '/api/chat/status')).json<ChatAvailability>();
    expect(holiday).toMatchObject({ open: false, opens_at: '2026-12-29T09:00:00.000Z' });
  });
});

describe('a conversation in support hours', () => {
  it('reaches the support team only, is taken and answered, with read marks, and never another team', async () => {
    const conversation = await startConversation();
    expect(conversation).toMatchObject({
      team: 'support',
      status: 'waiting',
      messages: [{ side: 'person', body: 'My rota will not load' }],
    });

    const supportList = (await call(w.t, w.supportAdmin, 'GET', '/api/admin-chat/conversations')).json<ChatConversationList>();
    expect(supportList.results.find((c) => c.id === conversation.id)).toMatchObject({ status: 'waiting', unread: 1 });
    const hrList = (await call(w.t, w.hrAdmin, 'GET', '/api/admin-chat/conversations')).json<ChatConversationList>();
    expect(hrList.results.map((c) => c.id)).not.toContain(conversation.id);
    const base = `/api/admin-chat/conversations/${conversation.id}`;
    expect((await call(w.t, w.hrAdmin, 'GET', base)).statusCode).toBe(404);
    expect((await call(w.t, w.hrAdmin, 'POST', `${base}/take`)).statusCode).toBe(404);
    expect((await call(w.t, w.hrAdmin, 'POST', `${base}/messages`, { body: 'Not my team' })).statusCode).toBe(404);

    expect((await call(w.t, w.supportAdmin, 'POST', `${base}/take`)).statusCode).toBe(204);
    const replied = await call(w.t, w.supportAdmin, 'POST', `${base}/messages`, { body: 'Try signing out and in again.' });
    expect(replied.statusCode, replied.body).toBe(201);

    const seen = (await call(w.t, w.employee, 'GET', `/api/chat/conversations/${conversation.id}`)).json<ChatConversation>();
    expect(seen).toMatchObject({ status: 'open', assigned_name: 'Sam Tester', unread: 1 });
    expect(seen.messages.map((m) => [m.side, m.author_name, m.body])).toEqual([
      ['person', 'Ella Tester', 'My rota will not load'],
      ['team', 'Sam Tester', 'Try signing out and in again.'],
    ]);
    // The person reads it: the administrator sees the read mark after their reply.
    expect((await call(w.t, w.employee, 'POST', `/api/chat/conversations/${conversation.id}/read`)).statusCode).toBe(204);
    const adminView = (await call(w.t, w.supportAdmin, 'GET', base)).json<ChatConversation>();
    expect(new Date(adminView.other_read_at ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(adminView.messages[1]!.created_at).getTime());
    expect((await call(w.t, w.employee, 'POST', `/api/chat/conversations/${conversation.id}/typing`)).statusCode).toBe(204);

    // Every chat event went to Ella's channel or Sam's, never a company's or Hana's.
    const channels = await chatEventChannels(w.t, conversation.id);
    expect(channels).toEqual([`user-${w.employee.id}`, `user-${w.supportAdmin.id}`].sort());
  });

  it('lets an authorised contact choose the HR advice team, whose administrator alone sees it', async () => {
    const conversation = await startConversation(w.authorised, { team: 'hr', message: 'Flexible working question' });
    expect(conversation.team).toBe('hr');
    expect((await call(w.t, w.supportAdmin, 'GET', `/api/admin-chat/conversations/${conversation.id}`)).statusCode).toBe(404);
    expect((await call(w.t, w.hrAdmin, 'GET', `/api/admin-chat/conversations/${conversation.id}`)).statusCode).toBe(200);
    expect(await chatEventChannels(w.t, conversation.id)).toEqual([`user-${w.authorised.id}`, `user-${w.hrAdmin.id}`].sort());
  });

  it('refuses the advice teams to others, and the support team without the confirmation', async () => {
    w.setClock(IN_HOURS);
    const hr = await call(w.t, w.employee, 'POST', '/api/chat/conversations', { team: 'hr', message: 'Hello', confirmed: true });
    expect(hr.statusCode).toBe(422);
    expect(hr.json<{ errors: Record<string, string[]> }>().errors.team).toBeDefined();
    const unconfirmed = await call(w.t, w.employee, 'POST', '/api/chat/conversations', { team: 'support', message: 'Hello' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json<{ errors: Record<string, string[]> }>().errors.confirmed).toBeDefined();
    expect((await call(w.t, w.docsOnly, 'POST', '/api/chat/conversations', { message: 'Hi', confirmed: true })).statusCode).toBe(403);
  });
});

describe('another company, a colleague and an impostor', () => {
  it('cannot read, answer, take or download from a conversation', async () => {
    const conversation = await startConversation();
    const own = `/api/chat/conversations/${conversation.id}`;
    for (const who of [w.otherCompanyEmployee, w.colleague, w.authorised]) {
      expect((await call(w.t, who, 'GET', own)).statusCode).toBe(404);
      expect((await call(w.t, who, 'POST', `${own}/messages`, { body: 'Let me in' })).statusCode).toBe(404);
      expect((await call(w.t, who, 'POST', `${own}/transcript`)).statusCode).toBe(404);
      const list = (await call(w.t, who, 'GET', '/api/chat/conversations')).json<ChatConversationList>();
      expect(list.results.map((c) => c.id)).not.toContain(conversation.id);
    }
    // A company user holds no administrators' endpoint.
    expect((await call(w.t, w.authorised, 'GET', '/api/admin-chat/conversations')).statusCode).toBe(403);
    expect((await call(w.t, w.otherCompanyEmployee, 'POST', `/api/admin-chat/conversations/${conversation.id}/take`)).statusCode).toBe(403);
    expect((await call(w.t, null, 'GET', own)).statusCode).toBe(401);
    // The conversation holds Ella's message only: nothing anyone else tried reached it.
    const mine = (await call(w.t, w.employee, 'GET', own)).json<ChatConversation>();
    expect(mine.messages).toHaveLength(1);
  });
});

describe('outside support hours', () => {
  it('turns the message into a contact request for the team, says when they are back, and opens no conversation', async () => {
    w.setClock(AFTER_HOURS);
    const before = (await call(w.t, w.employee, 'GET', '/api/chat/conversations')).json<ChatConversationList>().results.length;
    const result = await start(w.employee, { message: 'Written after hours', confirmed: true });
    expect(result).toMatchObject({ kind: 'contact_request', opens_at: '2026-11-25T09:00:00.000Z' });
    expect((await call(w.t, w.employee, 'GET', '/api/chat/conversations')).json<ChatConversationList>().results).toHaveLength(before);
    const inbox = (await call(w.t, w.supportAdmin, 'GET', '/api/contact-us?search=Written%20after%20hours')).json<ContactRequestList>();
    expect(inbox.results).toHaveLength(1);
    expect(inbox.results[0]).toMatchObject({ source: 'chat', status: 'new', contact_type: 'support', sender_name: 'Ella Tester' });
    const mail = await w.sink.waitFor({ to: 'support@stafflane.test', pattern: /Written after hours/ });
    expect(mailText(mail.raw)).toContain('outside support hours');
  });
});

describe('messages', () => {
  it('are sent once for one Idempotency-Key, refused once the conversation has ended, and e-mailed as a transcript', async () => {
    const conversation = await startConversation();
    const url = `/api/chat/conversations/${conversation.id}/messages`;
    const headers = { ...w.employee.headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
    const payload = JSON.stringify({ body: 'Sent from the outbox' });
    const first = await w.t.app.inject({ method: 'POST', url, headers, payload });
    const again = await w.t.app.inject({ method: 'POST', url, headers, payload });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const seen = (await call(w.t, w.employee, 'GET', `/api/chat/conversations/${conversation.id}`)).json<ChatConversation>();
    expect(seen.messages.filter((m) => m.body === 'Sent from the outbox')).toHaveLength(1);

    expect((await call(w.t, w.employee, 'POST', `/api/chat/conversations/${conversation.id}/transcript`)).statusCode).toBe(202);
    const mail = mailText((await w.sink.waitFor({ to: w.employee.email })).raw);
    expect(mail).toContain('Ella Tester: My rota will not load');
    expect(mail).toContain('Ella Tester: Sent from the outbox');

    expect((await call(w.t, w.supportAdmin, 'POST', `/api/admin-chat/conversations/${conversation.id}/close`)).statusCode).toBe(204);
    expect((await call(w.t, w.employee, 'POST', url, { body: 'Too late' })).statusCode).toBe(422);
  });

  it('carry a PDF or image attachment both sides can download, and refuse other files', async () => {
    const conversation = await startConversation();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = (bytes: Buffer, name: string, type: string) => {
      const boundary = '----chat' + Math.random().toString(16).slice(2);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nThe error\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return w.t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversation.id}/attachments`,
        headers: { ...w.employee.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const sent = await upload(pdf, 'error.pdf', 'application/pdf');
    expect(sent.statusCode, sent.body).toBe(201);
    const refused = await upload(Buffer.from('MZ\x90\x00 not a picture'), 'tool.exe', 'application/octet-stream');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const adminView = (await call(w.t, w.supportAdmin, 'GET', `/api/admin-chat/conversations/${conversation.id}`)).json<ChatConversation>();
    const attachment = adminView.messages.find((m) => m.attachment)?.attachment;
    expect(attachment).toMatchObject({ name: 'error.pdf', mime_type: 'application/pdf' });
    const byAdmin = await call(w.t, w.supportAdmin, 'GET', attachment!.download_path);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(pdf)).toBe(true);
    const personView = (await call(w.t, w.employee, 'GET', `/api/chat/conversations/${conversation.id}`)).json<ChatConversation>();
    const path = personView.messages.find((m) => m.attachment)!.attachment!.download_path;
    expect((await call(w.t, w.employee, 'GET', path)).statusCode).toBe(200);
    expect((await call(w.t, w.otherCompanyEmployee, 'GET', path)).statusCode).toBe(404);
    expect((await call(w.t, w.hrAdmin, 'GET', attachment!.download_path)).statusCode).toBe(404);
  });
});
