// An administrator signed in as a company user (an approved access request) may read that
// person's chats but never write to the support teams in their name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ENDPOINT } from '../../../src/modules/chat/chat.contract';
import { addCompanyWithRoles, addUser, inCompany } from '../../support/identity-fixtures';
import { IN_HOURS } from '../../support/chat-fixtures';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';

let t: TestApp;
let dir: string;
let session: ReturnType<typeof testSession>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-imp-'));
  fs.writeFileSync(path.join(dir, 'now'), IN_HOURS);
  t = await createTestApp({ env: { SUPPORT_CLOCK_FILE: path.join(dir, 'now') } });
  const company = await addCompanyWithRoles(t);
  const ella = await addUser(t, { company: inCompany(company, 'Employee'), firstName: 'Ella' });
  session = testSession({
    userId: ella.id,
    companyId: company.companyId,
    permissions: [
      { endpoint: CHAT_ENDPOINT, method: 'GET', type: 'own' },
      { endpoint: CHAT_ENDPOINT, method: 'POST', type: 'own' },
    ],
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const start = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers, payload: { message: 'Hello', confirmed: true } });

describe('an impersonated session', () => {
  it('reads the person’s conversations but cannot start one, while the person can', async () => {
    const impersonated = authHeader({ ...session, impersonatorId: crypto.randomUUID() });
    expect((await start(impersonated)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: impersonated })).statusCode).toBe(200);
    expect((await start(authHeader(session))).statusCode).toBe(201);
  });
});
