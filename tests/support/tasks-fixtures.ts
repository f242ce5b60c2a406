// The tasks and incidents suites' harness: the leave suites' company (owner, HR admin, the
// Operations manager Marta and the Office manager Otto, Ella and Colin in Operations, Oscar in
// Office) with requests sent as one of them, plus a docs-only user.
import type { LightMyRequestResponse } from 'fastify';
import { addUser, bearer, inCompany, signIn } from './identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import { createTestApp, type TestApp } from './test-app';

export type TaskHarness = {
  t: TestApp;
  company: LeaveCompany;
  send: (
    who: LeavePerson,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  docsOnlyToken: () => Promise<string>;
};

export async function startTaskHarness(): Promise<TaskHarness> {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const company = await addLeaveCompany(t);
  const send: TaskHarness['send'] = async (who, method, url, payload, headers = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(await company.token(who)), ...headers }, ...(payload ? { payload } : {}) });
  let docs: string | undefined;
  const docsOnlyToken = async () => {
    if (docs) return docs;
    const user = await addUser(t, { company: inCompany(company, 'Docs only'), departmentId: company.departments.Operations ?? null });
    docs = await signIn(t, user);
    return docs;
  };
  return { t, company, send, docsOnlyToken };
}

/** A task body due on `due` for a person. */
export const taskFor = (userId: string, due: string, extra: object = {}) => ({
  title: 'Check the first-aid kit',
  due_date: due,
  assignee: { kind: 'user', id: userId },
  ...extra,
});
