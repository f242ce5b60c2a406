// The special-category register: where such data lives (from the declarations), which roles
// see it at what scope (from the company's roles), and the audited reads of it over a period —
// the company's own only — as JSON and as CSV.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecialCategoryRegister } from '../../../src/modules/privacy/privacy.contract';
import { addCompanyWithRoles, addUser, bearer, inCompany, signIn, type UserFixture } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: UserFixture;
let employee: UserFixture;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const a = await addCompanyWithRoles(t, { departments: ['Operations'] });
  const b = await addCompanyWithRoles(t, { departments: ['Operations'] });
  owner = await addUser(t, { company: inCompany(a, 'Owner'), firstName: 'Olga', surname: 'Reader' });
  employee = await addUser(t, { company: inCompany(a, 'Employee'), firstName: 'Erin', surname: 'Patient' });
  const ownerB = await addUser(t, { company: inCompany(b, 'Owner') });
  const read = (company: string, actor: string, target: string, at: string) =>
    sql`insert into audit_log (company_id, actor_id, action, target_type, target_id, created_at)
        values (${company}, ${actor}, 'user_absence_medical.read', 'user', ${target}, ${at})`.execute(t.database.ownerDb);
  await read(a.companyId, owner.id, employee.id, '2026-03-10T10:00:00Z');
  await read(a.companyId, owner.id, employee.id, '2025-01-10T10:00:00Z');
  await read(b.companyId, ownerB.id, ownerB.id, '2026-03-11T10:00:00Z');
});
afterAll(async () => t.close());

describe('the special-category register', () => {
  it('lists where the data lives, who sees it, and the period’s reads of this company only', async () => {
    const auth = bearer(await signIn(t, owner));
    const res = await t.app.inject({ method: 'GET', url: '/api/data-protection/register?from=2026-03-01&to=2026-03-31', headers: auth });
    expect(res.statusCode).toBe(200);
    const register = res.json<SpecialCategoryRegister>();
    expect(register.locations.map((l) => l.table)).toEqual(
      expect.arrayContaining(['user_personal_details', 'user_absence_medical', 'return_to_work_items']),
    );
    expect(register.access).toContainEqual(
      expect.objectContaining({
        role: 'HR admin',
        endpoint: '/api/user-special-category',
        scope: 'company',
        shows: expect.arrayContaining(['Medical detail of sickness']),
      }),
    );
    expect(register.access.find((row) => row.role === 'Manager' && row.endpoint === '/api/user-special-category')?.scope).toBe('own');
    expect(register.reads).toHaveLength(1);
    expect(register.reads[0]).toMatchObject({ action: 'user_absence_medical.read', actorName: 'Olga Reader' });
    expect(register.reads[0]?.personName).toBe('Erin Patient');
  });

  it('downloads as CSV, refused to employees', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/data-protection/register.csv?from=2026-03-01&to=2026-03-31',
      headers: bearer(await signIn(t, owner)),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Where it is held,Type,What,Columns,Shown by');
    expect(csv.body).toContain('user_absence_medical.read');
    const refused = await t.app.inject({ method: 'GET', url: '/api/data-protection/register', headers: bearer(await signIn(t, employee)) });
    expect(refused.statusCode).toBe(403);
  });
});
