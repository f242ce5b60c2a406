// An administrator's to-do keeps its subject like a company user's, so the doing of the thing
// ends it (resolveTodos in the system scope); a company's resolve never touches it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { withSystem, withTenant } from '../../../src/server/db/database';
import { notify } from '../../../src/server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../src/server/notifications/resolve-todos';
import { addRole, addUser, bearer, ownerSql, signIn, type UserFixture } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: UserFixture;
let acme: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
});
afterAll(async () => t.close());

describe('administrators’ to-dos', () => {
  it('are stored with their subject and resolved by it', async () => {
    const requestId = crypto.randomUUID();
    const subject = todoSubject('impersonation', requestId);
    await withSystem(t.deps.db, (trx) =>
      notify(trx, {
        companyId: null,
        userId: admin.id,
        description: 'Please review',
        relatesTo: 'impersonation',
        relatesToId: requestId,
        todo: true,
        kind: 'order.decide',
      }),
    );
    const [row] = await ownerSql<{ subject: string | null }>(t, sql`select subject from notifications where relates_to_id = ${requestId}`);
    expect(row?.subject).toBe(subject);

    // The same subject resolved in a company leaves the administrator's alone.
    expect(
      await withTenant(t.deps.db, acme.companyId, (trx) => resolveTodos(trx, { companyId: acme.companyId, kind: 'order.decide', subject })),
    ).toBe(0);
    const bell = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(await signIn(t, admin)) })).json<NotificationsPage>();
    expect((await bell()).results.find((n) => n.relates_to_id === requestId)?.todo).toBe(true);

    expect(await withSystem(t.deps.db, (trx) => resolveTodos(trx, { companyId: null, kind: 'order.decide', subject }))).toBe(1);
    expect((await bell()).results.find((n) => n.relates_to_id === requestId)).toMatchObject({ todo: false, is_new: false });
  });
});
