// The e2e server's own database, reached from the test process: its embedded PostgreSQL runs
// under `.tmp/e2e-data-<port>` (playwright.config.ts), whose port and password it leaves in
// files there. Tests use it to do what another module would do on the server, such as notify().
import fs from 'node:fs';
import path from 'node:path';
import { createUser } from '../../../src/modules/auth/server/accounts.queries';
import { hashPassword } from '../../../src/modules/auth/server/passwords';
import { loginUrl } from '../../../src/server/db/app-login';
import { findAppLogin } from '../../../src/server/db/app-login.queries';
import { createDb, createPool, withTenant, type Db } from '../../../src/server/db/database';
import { serverModules } from '../../../src/app/server/modules';
import { notify, type NotifyInput } from '../../../src/server/notifications/notify';
import { declareTodoKinds } from '../../../src/server/notifications/todo-kinds';
import { root } from './app-server';

/** The shared e2e server's data directory (playwright.config.ts). */
const sharedDataDir = () => path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT}`);

function ownerUrl(dataDir: string): string {
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  // postmaster.pid: pid, data directory, start time, port, …
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/stafflane`;
}

/** Runs `fn` against the server's database (the shared one, or a private server's `dataDir`), closing the connection afterwards. */
export async function withServerDatabase<T>(fn: (db: Db) => Promise<T>, dataDir = sharedDataDir()): Promise<T> {
  // As the server's application login, so row-level security holds as it does for the server.
  const owner = ownerUrl(dataDir);
  const ownerDb = createDb(createPool(owner, { max: 1 }));
  const login = await findAppLogin(ownerDb).finally(() => ownerDb.destroy());
  if (!login) throw new Error(`The server in ${dataDir} has not set up its application login`);
  const db = createDb(createPool(loginUrl(owner, login), { max: 1 }));
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** The server's notify(), as a module would call it, for a company user. */
export function notifyCompanyUser(input: NotifyInput & { companyId: string }, dataDir?: string) {
  // The server's modules declared the kinds of to-do it sends; this process sends them as it would.
  declareTodoKinds(serverModules);
  return withServerDatabase((db) => withTenant(db, input.companyId, (trx) => notify(trx, input)), dataDir);
}

/**
 * A new employee of the company `companyId` on the shared server, with the demo password, made
 * straight in its database: for a test that changes a person's sign-in, so no other test's
 * accounts change.
 */
export async function addEmployee(companyId: string, person: { email: string; firstName: string; surname: string }): Promise<void> {
  const passwordHash = await hashPassword('demo-password');
  await withServerDatabase((db) =>
    withTenant(db, companyId, async (trx) => {
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name', '=', 'Employee')
        .executeTakeFirstOrThrow();
      await createUser(trx, { companyId, ...person, passwordHash, status: 'active', roleId: role.id });
    }),
  );
}
