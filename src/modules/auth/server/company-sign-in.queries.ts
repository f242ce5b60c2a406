// A company's sign-in settings, its sign-in domains and OpenID Connect sign-ins in progress
// (migration 0049). Settings and domains in the company's scope; the lookup by domain and the
// states in the system scope (nobody is signed in yet).
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';
import type { CompanyStatus } from './auth.queries';
import type { SignInProviderName, TwoFactorFor } from '../company-sign-in.contract';

export interface CompanySignInTable {
  company_id: string;
  two_factor_for: Generated<TwoFactorFor>;
  provider: SignInProviderName | null;
  issuer: string | null;
  client_id: string | null;
  client_secret_box: string | null;
  passwords_allowed: Generated<boolean>;
  updated_at: Generated<Date>;
}
export interface CompanySignInDomainsTable {
  domain: string;
  company_id: string;
}
export interface OidcSignInStatesTable {
  state: string;
  company_id: string;
  nonce: string;
  code_verifier: string;
  email: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    company_sign_in: CompanySignInTable;
    company_sign_in_domains: CompanySignInDomainsTable;
    oidc_sign_in_states: OidcSignInStatesTable;
  }
}

export type StoredCompanySignIn = {
  two_factor_for: TwoFactorFor;
  provider: SignInProviderName | null;
  issuer: string;
  client_id: string;
  client_secret_box: string | null;
  passwords_allowed: boolean;
  domains: string[];
};

export async function findCompanySignIn(db: DbOrTrx, companyId: string): Promise<StoredCompanySignIn> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('company_sign_in as s', 's.company_id', 'c.id')
    .select([
      // companies.require_two_factor is the "everyone" switch older code and companies set.
      sql<TwoFactorFor>`case when c.require_two_factor then 'everyone' else coalesce(s.two_factor_for, 'nobody') end`.as('two_factor_for'),
      's.provider',
      sql<string>`coalesce(s.issuer, '')`.as('issuer'),
      sql<string>`coalesce(s.client_id, '')`.as('client_id'),
      's.client_secret_box',
      sql<boolean>`coalesce(s.passwords_allowed, true)`.as('passwords_allowed'),
      sql<string[]>`array(select d.domain from company_sign_in_domains d where d.company_id = c.id order by d.domain)`.as('domains'),
    ])
    .where('c.id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { ...row, provider: row.provider ?? null, client_secret_box: row.client_secret_box ?? null };
}

export async function saveCompanySignIn(db: DbOrTrx, input: { companyId: string; settings: StoredCompanySignIn }): Promise<void> {
  const { companyId, settings } = input;
  const values = {
    two_factor_for: settings.two_factor_for,
    provider: settings.provider,
    issuer: settings.issuer || null,
    client_id: settings.client_id || null,
    client_secret_box: settings.client_secret_box,
    passwords_allowed: settings.passwords_allowed,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('company_sign_in')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
  await db
    .updateTable('companies')
    .set({ require_two_factor: settings.two_factor_for === 'everyone' })
    .where('id', '=', companyId)
    .execute();
  await db.deleteFrom('company_sign_in_domains').where('company_id', '=', companyId).execute();
  if (settings.domains.length > 0) {
    await db
      .insertInto('company_sign_in_domains')
      .values(settings.domains.map((domain) => ({ domain, company_id: companyId })))
      .execute();
  }
}

export type DomainSignIn = {
  company_id: string;
  company_status: CompanyStatus;
  provider: SignInProviderName;
  issuer: string;
  client_id: string;
  client_secret_box: string;
  passwords_allowed: boolean;
};

/** The company that signs in this domain's people with a provider (fully set up), if any. Call in the system scope. */
export async function findSignInByDomain(db: DbOrTrx, domain: string): Promise<DomainSignIn | undefined> {
  const row = await db
    .selectFrom('company_sign_in_domains as d')
    .innerJoin('company_sign_in as s', 's.company_id', 'd.company_id')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select([
      'd.company_id',
      'c.status as company_status',
      's.provider',
      's.issuer',
      's.client_id',
      's.client_secret_box',
      's.passwords_allowed',
    ])
    .where('d.domain', '=', domain.toLowerCase())
    .executeTakeFirst();
  if (!row?.provider || !row.issuer || !row.client_id || !row.client_secret_box) return undefined;
  return { ...row, provider: row.provider, issuer: row.issuer, client_id: row.client_id, client_secret_box: row.client_secret_box };
}

/** The company's provider sign-in by its id (the state names it). Call in the system scope. */
export async function findSignInByCompany(db: DbOrTrx, companyId: string) {
  const row = await db
    .selectFrom('company_sign_in as s')
    .select(['s.provider', 's.issuer', 's.client_id', 's.client_secret_box'])
    .select(sql<string[]>`array(select d.domain from company_sign_in_domains d where d.company_id = s.company_id)`.as('domains'))
    .where('s.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row?.provider || !row.issuer || !row.client_id || !row.client_secret_box) return undefined;
  return {
    provider: row.provider,
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_box: row.client_secret_box,
    domains: row.domains,
  };
}

export async function createOidcState(
  db: DbOrTrx,
  input: { state: string; companyId: string; nonce: string; codeVerifier: string; email: string; ttlSeconds: number },
): Promise<void> {
  // Abandoned sign-ins are of no use to anyone: they go as new ones start.
  await db
    .deleteFrom('oidc_sign_in_states')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('oidc_sign_in_states')
    .values({
      state: input.state,
      company_id: input.companyId,
      nonce: input.nonce,
      code_verifier: input.codeVerifier,
      email: input.email,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
}

/** Uses up a live state (single use); undefined when it is unknown, used or expired. */
export async function takeOidcState(db: DbOrTrx, state: string) {
  return db
    .deleteFrom('oidc_sign_in_states')
    .where('state', '=', state)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['company_id', 'nonce', 'code_verifier', 'email'])
    .executeTakeFirst();
}
