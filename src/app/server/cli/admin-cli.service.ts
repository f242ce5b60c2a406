// What `npm run admin` does, on an open database: create an administrator (the companies
// module's one invitation path, with the link printed), list them, reset one's two-factor
// delivery, disable one. Every change is audited with no actor, as the command line.
import { findAdministrators } from '../../../modules/companies/server/administrators.queries';
import {
  COMMAND_LINE,
  COMMAND_LINE_SOURCE,
  deleteAdministrator,
  inviteAdministrator,
} from '../../../modules/companies/server/administrators.service';
import { inviteWithLink } from '../../../modules/auth/server/onboarding.service';
import { clearLoginAttempts } from '../../../modules/auth/server/login-security.queries';
import { resetSecondFactors } from '../../../modules/auth/server/two-factor-reset.service';
import type { Administrator } from '../../../modules/companies/administrators.contract';
import { AppError } from '../../../shared/app-error';
import type { AppDeps } from '../../../server/app-deps';
import { withSystem, type Db } from '../../../server/db/database';
import { resetTwoFactorToEmail } from './admin-cli.queries';

type CliDeps = Pick<AppDeps, 'config' | 'db' | 'modules'> & { mail: { wake: () => void } };

/** The command an operator runs to make the first administrator, for the start-up banner. */
export const CREATE_ADMIN_COMMAND = 'npm run admin -- create --email you@example.com --name "Your Name"';

/** "Ada Lovelace" → Ada / Lovelace; "Mary Ann Smith" → Mary Ann / Smith. */
export function splitName(name: string): { first_name: string; surname: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first_name: words.slice(0, -1).join(' '), surname: words.at(-1) ?? '' };
}

export async function createAdministrator(options: {
  deps: CliDeps;
  email: string;
  name: string;
}): Promise<{ administrator: Administrator; link: string }> {
  const names = splitName(options.name);
  if (!names.first_name) throw AppError.validation({ name: ['Give the first name and the surname, e.g. --name "Ada Lovelace".'] });
  return inviteAdministrator({ deps: options.deps, actor: COMMAND_LINE, input: { ...names, email: options.email } });
}

export function listAdministrators(db: Db): Promise<Administrator[]> {
  return withSystem(db, findAdministrators);
}

async function administratorByEmail(db: Db, email: string): Promise<Administrator> {
  const found = (await listAdministrators(db)).find((administrator) => administrator.email.toLowerCase() === email.trim().toLowerCase());
  if (!found) throw AppError.notFound(`No administrator has the e-mail address ${email.trim()}.`);
  return found;
}

/**
 * A fresh set-password link for an administrator who has not finished (a lost or expired link):
 * the invitation again, through the same path, and the earlier links stop working.
 */
export async function inviteAgain(options: { deps: CliDeps; email: string }): Promise<{ administrator: Administrator; link: string }> {
  const administrator = await administratorByEmail(options.deps.db, options.email);
  if (administrator.status === 'active')
    throw new AppError('conflict', {
      message: `${administrator.email} has set a password already: they can use "Forgotten your password?".`,
    });
  const { link } = await inviteWithLink({
    deps: options.deps,
    companyId: null,
    userId: administrator.id,
    invitedBy: null,
    source: COMMAND_LINE_SOURCE,
  });
  return { administrator, link };
}

/**
 * Codes by e-mail again: the authenticator app, recovery codes and passkeys cleared, every open
 * code void, any sign-in lock on the address lifted; the administrator is told by e-mail.
 */
export async function resetAdministratorTwoFactor(options: { deps: CliDeps; email: string }): Promise<Administrator> {
  const administrator = await administratorByEmail(options.deps.db, options.email);
  await withSystem(options.deps.db, async (trx) => {
    if (!(await resetTwoFactorToEmail(trx, administrator.id))) throw AppError.notFound();
    await clearLoginAttempts(trx, administrator.email);
    await resetSecondFactors(trx, {
      userId: administrator.id,
      by: 'A Stafflane operator',
      audit: {
        ...COMMAND_LINE_SOURCE,
        actorId: null,
        companyId: null,
        action: 'administrator.two_factor_reset',
        targetType: 'user',
        targetId: administrator.id,
        details: { email: administrator.email, via: COMMAND_LINE },
      },
    });
  });
  options.deps.mail.wake();
  return administrator;
}

/** Ends the administrator's account and sessions (never the last active administrator). */
export async function disableAdministrator(options: { deps: CliDeps; email: string }): Promise<Administrator> {
  const administrator = await administratorByEmail(options.deps.db, options.email);
  await deleteAdministrator({ deps: options.deps, actor: COMMAND_LINE, id: administrator.id });
  return administrator;
}

/** The banner's line when nobody can administer this database yet: which command makes the first administrator. */
export async function firstAdministratorHint(db: Db): Promise<string | null> {
  if ((await listAdministrators(db)).length > 0) return null;
  return `No administrator exists yet. Make the first one with: ${CREATE_ADMIN_COMMAND}`;
}
