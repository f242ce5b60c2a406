// Live support chat's fixtures: an app whose support-hours clock is a file the test moves
// (SUPPORT_CLOCK_FILE), two companies, and administrators of the support and HR teams.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ownerSql } from './identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person } from './shell-fixtures';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

/** A Tuesday, 10:00 London time (GMT): inside support hours. */
export const IN_HOURS = '2026-11-24T10:00:00Z';
/** The same Tuesday at 18:30: the teams are back on Wednesday at 09:00. */
export const AFTER_HOURS = '2026-11-24T18:30:00Z';
/** Christmas Day 2026, a Friday at 11:00: a bank holiday; back on Tuesday 29 December. */
export const BANK_HOLIDAY = '2026-12-25T11:00:00Z';

export type ChatWorld = {
  t: TestApp;
  sink: SmtpSink;
  setClock: (iso: string) => void;
  employee: Person;
  authorised: Person;
  colleague: Person;
  docsOnly: Person;
  otherCompanyEmployee: Person;
  supportAdmin: Person;
  hrAdmin: Person;
  close: () => Promise<void>;
};

export async function startChatWorld(): Promise<ChatWorld> {
  const sink = await startSmtpSink();
  const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-clock-')), 'now');
  const setClock = (iso: string) => fs.writeFileSync(clockFile, iso);
  setClock(IN_HOURS);
  const t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, RATE_LIMIT_MAX: '1000000', SUPPORT_CLOCK_FILE: clockFile, MAIL_POLL_MS: '100' },
  });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  const admins = await addAdministrators(t);
  const supportAdmin = await addPerson(t, admins, { role: 'Administrator', firstName: 'Sam' });
  const hrAdmin = await addPerson(t, admins, { role: 'Administrator', firstName: 'Hana' });
  await ownerSql(t, sql`insert into support_team_members (user_id, team) values (${supportAdmin.id}, 'support'), (${hrAdmin.id}, 'hr')`);
  return {
    t,
    sink,
    setClock,
    employee: await addPerson(t, company, { role: 'Employee', department: 'Office', firstName: 'Ella' }),
    authorised: await addPerson(t, company, { role: 'Owner', department: 'Office', authorisedContact: true, firstName: 'Olivia' }),
    colleague: await addPerson(t, company, { role: 'Manager', department: 'Office', firstName: 'Marcus' }),
    docsOnly: await addPerson(t, company, { role: 'Docs only', department: 'Office' }),
    otherCompanyEmployee: await addPerson(t, other, { role: 'Owner', department: 'Office', firstName: 'Oscar' }),
    supportAdmin,
    hrAdmin,
    close: async () => {
      await t.close();
      await sink.close();
      fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
    },
  };
}

export function call(t: TestApp, who: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Channels that carried chat events (event names starting chat_) since the test began. */
export async function chatEventChannels(t: TestApp, conversationId: string): Promise<string[]> {
  const rows = await ownerSql<{ channel: string }>(
    t,
    sql`select distinct channel from realtime_events where event like 'chat_%' and payload->>'conversation_id' = ${conversationId}`,
  );
  return rows.map((row) => row.channel).sort();
}
