// The demo's to-dos match its data: Ella's "Please sign Offer letter" is over (she signed it:
// SIGNED BY ALL) while her statement of main terms still waits for her, and no open to-do in
// the demo asks for something already done. Migration 0039's repair finds the same: it resolves
// nothing in the demo, and resolves a to-do of the old shape whose thing is done.
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialiseDocumentsDemo } from '../../../src/modules/documents/server/documents-demo';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { resolveStaleTodos } from '../../../src/server/db/migrations/0039_resolve_stale_todos';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
  await materialiseDocumentsDemo(t.database.db, t.app.fileStorage, pino({ level: 'silent' }));
}, 180_000);
afterAll(async () => t.close());

/** Migration 0039's repair, through the owner connection as migrations run. */
const repair = () => resolveStaleTodos(t.database.ownerDb as unknown as Kysely<unknown>);

async function bellOf(email: string): Promise<NotificationsPage> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications?limit=200',
    headers: bearer(login.json<{ auth_token: string }>().auth_token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsPage>();
}

describe('the demo’s to-dos', () => {
  it('end for the offer letter Ella signed, and stay for the terms she has not', async () => {
    const ella = await bellOf('employee@demo.test');
    const offer = ella.results.filter((n) => n.description.includes('Offer letter'));
    expect(offer.length).toBeGreaterThan(0);
    expect(offer.filter((n) => n.todo)).toEqual([]);
    expect(ella.results.filter((n) => n.todo && n.description.includes('Statement of main terms'))).toHaveLength(1);
  });

  it('ask only for what is still to do: the repair resolves nothing, and mends a to-do left open', async () => {
    expect(await repair()).toBe(0);

    // As the rows were before 0039: the offer letter's to-do open, with no kind.
    await ownerSql(
      t,
      sql`update notifications set resolved_at = null, is_new = true, todo_kind = null
          where todo and description like 'Please sign <b>Offer letter%'`,
    );
    expect(await repair()).toBe(1);
    const [row] = await ownerSql<{ todo_kind: string; open: boolean }>(
      t,
      sql`select todo_kind, resolved_at is null as open from notifications where todo and description like 'Please sign <b>Offer letter%'`,
    );
    expect(row).toEqual({ todo_kind: 'document.sign', open: false });
    expect((await bellOf('employee@demo.test')).results.filter((n) => n.todo && n.description.includes('Offer letter'))).toEqual([]);
  });
});
