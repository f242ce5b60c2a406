// Live chat across two real server processes on one database: a message written through A
// reaches the team administrator's socket held on B, and no socket of another team's
// administrator or another company; an administrator whose socket was away gets the missed
// messages replayed, in order, when it comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartChatResult } from '../../../src/modules/chat/chat.contract';
import { userChannel } from '../../../src/shared/realtime';
import { RealtimeTestClient, signInAt, startServerProcess, until, type ServerProcess } from '../../support/realtime-fixtures';
import { startChatWorld, type ChatWorld } from '../../support/chat-fixtures';

let w: ChatWorld;
let a: ServerProcess;
let b: ServerProcess;
const clients: RealtimeTestClient[] = [];

beforeAll(async () => {
  w = await startChatWorld();
  const env = { SUPPORT_CLOCK_FILE: w.t.config.support.clockFile ?? '', JOBS_ENABLED: '0' };
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: w.t.database.ownerUrl, env }),
    startServerProcess({ databaseUrl: w.t.database.ownerUrl, env }),
  ]);
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await w?.close();
}, 30_000);

async function listen(base: string, user: { id: string; email: string }, lastEventId?: string | null) {
  const client = await RealtimeTestClient.ready(base, await signInAt(base, user.email), [
    { channel: userChannel(user.id), ...(lastEventId === undefined ? {} : { last_event_id: lastEventId }) },
  ]);
  clients.push(client);
  return client;
}

const chatBodies = (client: RealtimeTestClient) =>
  client
    .events()
    .filter((event) => event.event === 'chat_message')
    .map((event) => (event.payload as { message: { body: string } }).message.body);

async function post(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('chat on two servers', () => {
  it('delivers through B what was written through A, to the team only, and replays what a socket missed', async () => {
    const samOnB = await listen(b.base, w.supportAdmin);
    const hanaOnB = await listen(b.base, w.hrAdmin);
    const oscarOnA = await listen(a.base, w.otherCompanyEmployee);
    const marcusOnB = await listen(b.base, w.colleague);
    const ellaToken = await signInAt(a.base, w.employee.email);

    const started = await post(a.base, ellaToken, '/api/chat/conversations', { message: 'Written through A', confirmed: true });
    expect(started.status).toBe(201);
    const conversation = (started.json as StartChatResult & { kind: 'conversation' }).conversation;
    await until(() => chatBodies(samOnB).includes('Written through A'), 3_000, "the message on Sam's socket on B");

    // Sam's socket goes away; two messages are written meanwhile, through A.
    const lastSeen = samOnB.events().at(-1)?.id ?? null;
    samOnB.close();
    for (const body of ['Missed one', 'Missed two']) {
      expect((await post(a.base, ellaToken, `/api/chat/conversations/${conversation.id}/messages`, { body })).status).toBe(201);
    }
    const back = await listen(a.base, w.supportAdmin, lastSeen);
    await until(() => chatBodies(back).length >= 2, 3_000, 'the replay');
    expect(chatBodies(back)).toEqual(['Missed one', 'Missed two']);

    // Nothing of it reached another team's administrator, another company or a colleague.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const other of [hanaOnB, oscarOnA, marcusOnB])
      expect(other.events().filter((event) => event.event.startsWith('chat_'))).toEqual([]);
  }, 60_000);
});
