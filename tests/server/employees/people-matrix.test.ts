// The permission and tenant matrix of the directory's routes: every route the directory adds,
// called by each role (owner, HR admin, a manager of Operations about someone in Office, an
// employee, another company's owner, an administrator) with the status each must get, and
// no answer to another company ever naming this company's people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonDate } from '../../../src/shared/dates';
import { addEmployee, addTag, addTerminationReason } from '../../support/people-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person, type RoleName, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

type Caller = 'owner' | 'hr' | 'manager' | 'employee' | 'otherOwner' | 'admin';
type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };
type Subjects = { office: string; ops: string };
type Row = { route: string; call: (s: Subjects) => Call; expect: Record<Caller, number> };

let t: TestApp;
let company: ShellCompany;
let callers: Record<Caller, Person>;
let tag: string;
let reason: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  const other = await addShellCompany(t);
  const person = (c: ShellCompany, role: RoleName, department?: string) => addPerson(t, c, { role, ...(department ? { department } : {}) });
  callers = {
    owner: await person(company, 'Owner', 'Office'),
    hr: await person(company, 'HR admin', 'Office'),
    manager: await person(company, 'Manager', 'Operations'),
    employee: await person(company, 'Employee', 'Operations'),
    otherOwner: await person(other, 'Owner', 'Office'),
    admin: await person(await addAdministrators(t), 'Administrator'),
  };
  tag = await addTag(t, company.companyId!, 'Matrix');
  reason = await addTerminationReason(t, company.companyId!);
});
afterAll(async () => t.close());

/** The administrator's reach: no company, so none of a company's people without an impersonated session. */
const all = (status: number, overrides: Partial<Record<Exclude<Caller, 'admin'>, number>> = {}): Record<Caller, number> => ({
  owner: status,
  hr: status,
  manager: status,
  employee: status,
  otherOwner: status,
  ...overrides,
  admin: 403,
});
/** A record of someone in Office: the company sees it, the Operations manager and the employee do not, another company cannot find it. */
const officeRecord = (ok: number) => all(ok, { manager: 403, employee: 403, otherOwner: 404 });
const later = () => addDays(londonDate(new Date()), 30);

const MATRIX: Row[] = [
  { route: 'GET /api/user-basic', call: () => ({ method: 'GET', url: '/api/user-basic' }), expect: all(200) },
  { route: 'GET /api/user-basic/:id', call: (s) => ({ method: 'GET', url: `/api/user-basic/${s.office}` }), expect: officeRecord(200) },
  { route: 'GET /api/users/:id', call: (s) => ({ method: 'GET', url: `/api/users/${s.office}` }), expect: officeRecord(200) },
  {
    route: 'PUT /api/user-basic/:id',
    call: (s) => ({ method: 'PUT', url: `/api/user-basic/${s.office}`, payload: { mobile: '07700 900999' } }),
    expect: officeRecord(200),
  },
  {
    route: 'POST /api/user-basic',
    call: () => ({
      method: 'POST',
      url: '/api/user-basic',
      payload: { first_name: 'M', surname: 'X', email: `m-${crypto.randomUUID()}@example.test`, department_id: company.departments.Office },
    }),
    // Another company's owner names a department that is not theirs.
    expect: all(201, { manager: 403, employee: 403, otherOwner: 422 }),
  },
  {
    route: 'POST /api/user-basic/validate',
    call: () => ({ method: 'POST', url: '/api/user-basic/validate', payload: { first_name: 'V', surname: 'V', email: 'v@example.test' } }),
    expect: all(200, { employee: 403 }),
  },
  {
    route: 'POST /api/user-basic/bulk',
    call: (s) => ({
      method: 'POST',
      url: '/api/user-basic/bulk',
      payload: { action: 'add_tags', data: { user_ids: [s.office], tag_ids: [tag] } },
    }),
    expect: all(200, { manager: 403, employee: 403, otherOwner: 422 }),
  },
  {
    route: 'GET /api/user-export',
    call: () => ({ method: 'GET', url: '/api/user-export?format=csv' }),
    expect: all(200, { employee: 403 }),
  },
  {
    route: 'POST /api/user-terminate',
    call: (s) => ({
      method: 'POST',
      url: '/api/user-terminate',
      payload: { user_id: s.office, termination_date: later(), termination_reason_id: reason },
    }),
    expect: all(200, { manager: 403, employee: 403, otherOwner: 404 }),
  },
  {
    route: 'POST /api/user-cancel-termination',
    call: (s) => ({ method: 'POST', url: '/api/user-cancel-termination', payload: { user_id: s.office } }),
    expect: all(200, { manager: 403, employee: 403, otherOwner: 404 }),
  },
  {
    route: 'GET /api/user-meet-the-team',
    call: () => ({ method: 'GET', url: '/api/user-meet-the-team' }),
    expect: all(200),
  },
  {
    route: 'GET /api/user-setup-complete/:userId',
    call: (s) => ({ method: 'GET', url: `/api/user-setup-complete/${s.office}` }),
    expect: officeRecord(200),
  },
  {
    route: 'POST /api/user-setup-complete/:userId',
    call: (s) => ({ method: 'POST', url: `/api/user-setup-complete/${s.office}` }),
    // Allowed callers reach the check that the steps are not done yet.
    expect: officeRecord(422),
  },
  { route: 'GET /api/audit-log', call: (s) => ({ method: 'GET', url: `/api/audit-log?target_id=${s.office}` }), expect: officeRecord(200) },
  { route: 'GET /api/role', call: () => ({ method: 'GET', url: '/api/role' }), expect: all(200) },
];

const BASES = ['/api/user-basic', '/api/users', '/api/user-export', '/api/user-terminate', '/api/user-cancel-termination'].concat([
  '/api/user-meet-the-team',
  '/api/user-setup-complete',
  '/api/audit-log',
  '/api/role',
]);

describe('the people matrix', () => {
  it('covers every route the directory adds', () => {
    const routes = t.app.apiRoutes
      .filter((r) => BASES.some((base) => r.url === base || r.url.startsWith(`${base}/`)))
      // The picture under /api/users/{id} is the settings module's, with its own suite.
      .filter((r) => !r.url.endsWith('/profile-image'))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(MATRIX.map((row) => row.route).sort());
  });

  for (const caller of ['owner', 'hr', 'manager', 'employee', 'otherOwner', 'admin'] as const) {
    it(`gives the ${caller} the status of each route, and never another company's people`, async () => {
      const subjects: Subjects = {
        office: (await addEmployee(t, company, { firstName: 'Olwen', surname: `Office-${caller}`, department: 'Office' })).id,
        ops: (await addEmployee(t, company, { firstName: 'Osian', surname: `Ops-${caller}`, department: 'Operations' })).id,
      };
      const seen: string[] = [];
      for (const row of MATRIX) {
        const call = row.call(subjects);
        // An administrator names the company every time: it must not pick one for them.
        const url = caller === 'admin' ? `${call.url}${call.url.includes('?') ? '&' : '?'}company_id=${company.companyId}` : call.url;
        const res = await t.app.inject({ ...call, url, headers: callers[caller].headers });
        seen.push(`${row.route} ${res.statusCode}`);
        if (caller === 'otherOwner') {
          expect(res.body).not.toContain(subjects.office);
          expect(res.body).not.toContain(callers.owner.id);
        }
      }
      expect(seen).toEqual(MATRIX.map((row) => `${row.route} ${row.expect[caller]}`));
      // The Operations manager reaches their own department's people where the Office one is refused.
      if (caller === 'manager') {
        const res = await t.app.inject({ method: 'GET', url: `/api/user-basic/${subjects.ops}`, headers: callers.manager.headers });
        expect(res.statusCode).toBe(200);
      }
    });
  }
});

describe("a manager's reach over the company's owners and HR admins", () => {
  // Who sits in the manager's own department, by role: department scope reads them all but
  // writes only those whose role ranks no higher than a manager's.
  const WRITES: { route: string; call: (userId: string) => Call }[] = [
    {
      route: 'PUT /api/user-basic/:id',
      call: (id) => ({ method: 'PUT', url: `/api/user-basic/${id}`, payload: { mobile: '07700 900111' } }),
    },
    {
      route: 'PUT /api/user-basic/:id (e-mail)',
      call: (id) => ({ method: 'PUT', url: `/api/user-basic/${id}`, payload: { email: `x-${crypto.randomUUID()}@example.test` } }),
    },
    {
      route: 'POST /api/user-notes',
      call: (id) => ({ method: 'POST', url: '/api/user-notes', payload: { user_id: id, type: 'other', body: 'n' } }),
    },
    {
      route: 'POST /api/user-basic/bulk',
      call: (id) => ({
        method: 'POST',
        url: '/api/user-basic/bulk',
        payload: { action: 'add_tags', data: { user_ids: [id], tag_ids: [tag] } },
      }),
    },
  ];
  const EXPECT: Record<'Owner' | 'HR admin' | 'Manager' | 'Employee', number[]> = {
    Owner: [403, 403, 403, 403],
    'HR admin': [403, 403, 403, 403],
    // A fellow manager and an employee: everything but the sign-in e-mail, which needs company scope.
    Manager: [200, 403, 201, 200],
    Employee: [200, 403, 201, 200],
  };

  for (const role of ['Owner', 'HR admin', 'Manager', 'Employee'] as const) {
    it(`a ${role} of Operations: the manager reads their record and ${role === 'Owner' || role === 'HR admin' ? 'changes nothing' : 'changes it, but not the e-mail'}`, async () => {
      const subject = await addPerson(t, company, { role, department: 'Operations', firstName: `Ops${role.replace(' ', '')}` });
      const read = await t.app.inject({ method: 'GET', url: `/api/user-basic/${subject.id}`, headers: callers.manager.headers });
      expect(read.statusCode).toBe(200);
      const seen: number[] = [];
      for (const row of WRITES) seen.push((await t.app.inject({ ...row.call(subject.id), headers: callers.manager.headers })).statusCode);
      expect(seen).toEqual(EXPECT[role]);
    });
  }
});
