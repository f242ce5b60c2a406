// The application pool signs in as its own login role, a member of the application role that
// owns nothing and may not create roles, databases or bypass row-level security. So an
// injected `RESET ROLE` returns to that login, never to the owner. Without APP_DATABASE_URL
// the owner connection sets the login up after migrations: its password is generated once per
// database and kept in owner_secrets, which only the owner can read.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { APP_ROLE, createDb, createPool, type Db } from './database';
import {
  ensureOwnerSecrets,
  findAppLogin,
  findLoginRights,
  insertAppLogin,
  loginRoleNameForDatabase,
  setLoginRole,
  type AppLogin,
} from './app-login.queries';
import { StartupError } from '../startup-error';

/** The URL that signs in as `login` on the owner URL's server and database. */
export function loginUrl(ownerUrl: string, login: AppLogin): string {
  const url = new URL(ownerUrl);
  if (url.hostname) {
    url.username = encodeURIComponent(login.role);
    url.password = encodeURIComponent(login.password);
  } else {
    // A socket URL (postgres:///db?host=/run/postgresql) has no place for a user name.
    url.searchParams.set('user', login.role);
    url.searchParams.set('password', login.password);
  }
  return url.toString();
}

/** A SCRAM-SHA-256 verifier, so the password itself never reaches the server or its logs. */
export function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const iterations = 4096;
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const hmac = (text: string) => createHmac('sha256', salted).update(text).digest();
  const storedKey = createHash('sha256').update(hmac('Client Key')).digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${hmac('Server Key').toString('base64')}`;
}

type Check = { ok: true } | { ok: false; problem: string; code?: string };

/** Signs in with `url` and says what, if anything, makes it unfit to run requests. */
async function checkLogin(url: string): Promise<Check> {
  let db: Db | undefined;
  try {
    db = createDb(createPool(url, { max: 1 }));
    const rights = await findLoginRights(db, APP_ROLE);
    const extra = [
      rights.superuser && 'is a superuser',
      rights.bypassRls && 'bypasses row-level security',
      rights.createRole && 'may create roles',
      rights.ownedTables > 0 && `owns ${rights.ownedTables} tables`,
      !rights.appMember && `is not a member of ${APP_ROLE}`,
    ].filter(Boolean);
    return extra.length ? { ok: false, problem: `the role "${rights.user}" ${extra.join(', ')}` } : { ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, problem: (error as Error).message, code };
  } finally {
    await db?.destroy();
  }
}

/** Refuses an APP_DATABASE_URL that would run requests with more than the application role's rights. */
export async function checkAppDatabaseUrl(url: string): Promise<void> {
  const check = await checkLogin(url);
  if (!check.ok)
    throw new StartupError(
      `APP_DATABASE_URL cannot be used for requests: ${check.problem}. Give it a login role that is a member of ${APP_ROLE} and has no other rights.`,
    );
}

const CANNOT_SIGN_IN = new Set(['28P01', '28000']);
const RACE = new Set(['XX000', '23505', '42710', '40001', '40P01']);

async function setUpLogin(ownerDb: Db, login: AppLogin): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await setLoginRole(ownerDb, login.role, scramVerifier(login.password), APP_ROLE);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // Another server, maybe on another database of the cluster, set the same role up at the same moment.
      if (RACE.has(code) && attempt < 4) {
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
        continue;
      }
      throw new StartupError(
        `The database owner could not set up the application's login role "${login.role}" (${(error as Error).message}). Give the owner the CREATEROLE right, or create a login role that is a member of ${APP_ROLE} yourself and set APP_DATABASE_URL to it.`,
      );
    }
  }
}

/** Makes sure the application login can sign in with its stored password; returns its URL. */
export async function ensureAppLogin(ownerDb: Db, ownerUrl: string): Promise<string> {
  await ensureOwnerSecrets(ownerDb);
  let login = await findAppLogin(ownerDb);
  if (!login) {
    await insertAppLogin(ownerDb, { role: await loginRoleNameForDatabase(ownerDb), password: randomBytes(32).toString('base64url') });
    login = (await findAppLogin(ownerDb))!;
  }
  const url = loginUrl(ownerUrl, login);
  let check = await checkLogin(url);
  // Cannot sign in yet (a new role, or one that lost its LOGIN or its password since)
  // or has rights it must not have: set it up, then check again.
  if (!check.ok && (!check.code || CANNOT_SIGN_IN.has(check.code))) {
    await setUpLogin(ownerDb, login);
    check = await checkLogin(url);
  }
  if (!check.ok)
    throw new StartupError(
      `The application's login role "${login.role}" cannot be used (${check.problem}). Let it sign in to this database (pg_hba.conf), or set APP_DATABASE_URL to a login role that is a member of ${APP_ROLE}.`,
    );
  return url;
}
