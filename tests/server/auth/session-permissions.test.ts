// A request's session says its role and the version of the role's permissions; the server keeps
// each role's list by that version (authenticator.ts, migration 0059). A change to a role's
// entries, however it is made, is seen by the role's next request, and an unchanged role is not
// read again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany, addUser, ownerSql, postLogin } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
});
afterAll(async () => t.close());

const ABSENCES = '/api/user-absence';

async function signedIn(): Promise<{ roleId: string; get: () => Promise<number> }> {
  const company = await addCompany(t);
  const user = await addUser(t, { company });
  const token = (await postLogin(t, { email: user.email })).json<{ auth_token: string }>().auth_token;
  const get = async () =>
    (await t.app.inject({ method: 'GET', url: `${ABSENCES}?limit=5`, headers: { authorization: `Bearer ${token}` } })).statusCode;
  return { roleId: company.roleId, get };
}

const versionOf = async (roleId: string) =>
  (await ownerSql<{ version: string }>(t, sql`select version::text from role_permission_versions where role_id = ${roleId}`))[0]?.version ??
  '0';

describe("a role's permissions", () => {
  it('are taken away and given back at the next request, whatever makes the change', async () => {
    const { roleId, get } = await signedIn();
    expect(await get()).toBe(200);
    await ownerSql(t, sql`delete from role_permissions where role_id = ${roleId} and endpoint = ${ABSENCES} and method = 'GET'`);
    expect(await get()).toBe(403);
    await ownerSql(
      t,
      sql`insert into role_permissions (role_id, company_id, endpoint, method, type)
          select id, company_id, ${ABSENCES}, 'GET', 'own' from roles where id = ${roleId}`,
    );
    expect(await get()).toBe(200);
  });

  it('have a version that goes up with every statement changing the role’s entries, and only then', async () => {
    const { roleId, get } = await signedIn();
    const before = await versionOf(roleId);
    await get();
    await get();
    expect(await versionOf(roleId)).toBe(before);
    await ownerSql(t, sql`update role_permissions set type = type where role_id = ${roleId} and endpoint = ${ABSENCES}`);
    const updated = await versionOf(roleId);
    expect(BigInt(updated)).toBeGreaterThan(BigInt(before));
    await ownerSql(t, sql`delete from role_permissions where role_id = ${roleId} and endpoint = ${ABSENCES}`);
    expect(BigInt(await versionOf(roleId))).toBeGreaterThan(BigInt(updated));
  });

  it('are not part of the session read every request makes: it says the role and the version', async () => {
    const { roleId } = await signedIn();
    const columns = await ownerSql<{ name: string }>(
      t,
      sql`select unnest(proargnames) as name from pg_proc where proname = 'app_request_session'`,
    );
    const names = columns.map((column) => column.name);
    expect(names).toEqual(expect.arrayContaining(['role_id', 'permissions_version']));
    expect(names).not.toContain('permissions');
    expect(await versionOf(roleId)).not.toBeUndefined();
  });
});
