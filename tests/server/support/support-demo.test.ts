// The support demo as the seed writes it: contact requests in each status in the
// administrators' inbox, and the chat's past conversations on both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversationList } from '../../../src/modules/chat/chat.contract';
import type { ContactRequestList } from '../../../src/modules/support/support.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { bearer } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
}, 60_000);
afterAll(async () => t.close());

async function as(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  return bearer(res.json<{ auth_token: string }>().auth_token);
}

describe('the support demo', () => {
  it('has a contact request in each status, and past chats for Ella and the owner that Ada answers', async () => {
    const ada = await as('admin@stafflane.test');
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/contact-us', headers: ada })).json<ContactRequestList>();
    expect(inbox.results.map((r) => r.status).sort()).toEqual(['handled', 'in_progress', 'new']);
    for (const status of ['new', 'in_progress', 'handled']) {
      const filtered = (
        await t.app.inject({ method: 'GET', url: `/api/contact-us?status=${status}`, headers: ada })
      ).json<ContactRequestList>();
      expect(filtered.results.map((r) => r.status)).toEqual([status]);
    }
    const chats = (
      await t.app.inject({ method: 'GET', url: '/api/admin-chat/conversations?status=closed', headers: ada })
    ).json<ChatConversationList>();
    expect(chats.results.map((c) => c.person_name)).toEqual(['Ella Evans']);
    const ella = (
      await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: await as('employee@demo.test') })
    ).json<ChatConversationList>();
    expect(ella.results).toMatchObject([{ status: 'closed', team: 'support', assigned_name: 'Ada Adams', unread: 0 }]);
  });
});
