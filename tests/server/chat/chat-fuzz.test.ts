// Live support chat's and the contact inbox's writes and reads with bodies and queries of any
// shape (fast-check), from the person, another company and the administrators: never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartChatResult } from '../../../src/modules/chat/chat.contract';
import { call, startChatWorld, type ChatWorld } from '../../support/chat-fixtures';
import type { Person } from '../../support/shell-fixtures';

let w: ChatWorld;
let conversationId: string;
let callers: Person[];

beforeAll(async () => {
  w = await startChatWorld();
  const started = await call(w.t, w.employee, 'POST', '/api/chat/conversations', { message: 'Fuzz me', confirmed: true });
  conversationId = started.json<StartChatResult & { kind: 'conversation' }>().conversation.id;
  callers = [w.employee, w.authorised, w.otherCompanyEmployee, w.supportAdmin, w.hrAdmin];
}, 60_000);
afterAll(async () => w.close());

const scalar = fc.oneof(
  fc.string({ maxLength: 600 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', 'support', 'hr', 'hs', 'waiting', 'handled', 'me', 'none', '\u0000', 'a'.repeat(2001), '%_\\'),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom('team', 'message', 'confirmed', 'body', 'status', 'assigned_to', 'company_id', 'contact_type'), scalar),
  fc.array(scalar, { maxLength: 3 }),
  scalar,
);

const writes = () => [
  '/api/chat/conversations',
  `/api/chat/conversations/${conversationId}/messages`,
  `/api/admin-chat/conversations/${conversationId}/messages`,
  `/api/admin-chat/conversations/${conversationId}/take`,
  `/api/chat/conversations/${conversationId}/typing`,
  '/api/contact-us',
];

describe('fuzzed bodies and queries', () => {
  it('never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes()), body, fc.nat(callers.length - 1), async (url, payload, who) => {
        const res = await call(w.t, callers[who]!, 'POST', url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('status', 'mine', 'search', 'contact_type', 'assigned_to', 'limit', 'offset'), fc.string()),
        fc.nat(callers.length - 1),
        async (query, who) => {
          for (const path of ['/api/admin-chat/conversations', '/api/contact-us', '/api/chat/conversations']) {
            const res = await call(w.t, callers[who]!, 'GET', `${path}?${new URLSearchParams(query).toString()}`);
            expect(res.statusCode, `${path} ${JSON.stringify(query)} → ${res.body}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await call(w.t, w.supportAdmin, 'PUT', `/api/contact-us/${crypto.randomUUID()}`, payload);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('answer 404 for ids that are not ids', async () => {
    for (const id of ['x', '1', "'; drop table chat_messages; --", '00000000-0000-0000-0000-00000000000g']) {
      expect((await call(w.t, w.employee, 'GET', `/api/chat/conversations/${encodeURIComponent(id)}`)).statusCode).toBe(404);
      expect((await call(w.t, w.supportAdmin, 'GET', `/api/admin-chat/conversations/${encodeURIComponent(id)}`)).statusCode).toBe(404);
    }
  });
});
