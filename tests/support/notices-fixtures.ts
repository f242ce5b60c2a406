// The noticeboard suites' helpers: the leave company (Operations with Marta the manager, Ella
// and Colin; Office with Otto the manager and Oscar; an owner and an HR admin), a notice
// written through the API, and calls as one of its people.
import type { LightMyRequestResponse } from 'fastify';
import type { NoticeInput } from '../../src/modules/notices/notices.contract';
import { bearer } from './identity-fixtures';
import type { LeaveCompany, LeavePerson } from './leave-fixtures';
import type { TestApp } from './test-app';

export type Caller = { company: LeaveCompany; person: LeavePerson };

export async function call(
  t: TestApp,
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const token = await caller.company.token(caller.person);
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const noticeBody = (overrides: Partial<NoticeInput> = {}): NoticeInput => ({
  title: 'Fire drill on Thursday',
  body: '<p>Please leave by the <strong>nearest exit</strong>.</p>',
  audience: 'everyone',
  ...overrides,
});

/** Writes a notice as `caller` and answers its id; fails the test on any refusal. */
export async function addNotice(t: TestApp, caller: Caller, overrides: Partial<NoticeInput> = {}): Promise<string> {
  const res = await call(t, caller, 'POST', '/api/notices', noticeBody(overrides));
  if (res.statusCode !== 201) throw new Error(`notice not created: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

export const titlesOf = (res: LightMyRequestResponse) => (res.json() as { results: { title: string }[] }).results.map((n) => n.title);
