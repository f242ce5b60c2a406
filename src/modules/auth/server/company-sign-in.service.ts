// Settings › Sign-in security: the company's two-factor rule and its Microsoft or Google
// sign-in, read and changed by its owners (never from an impersonated session). The client
// secret is sealed before it is stored and never read back out.
import type { AuditSource } from '../../../server/audit/audit.queries';
import { recordAudit } from '../../../server/audit/audit.queries';
import { withTenant } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { signInProviderMessages, type CompanySignIn, type UpdateCompanySignInInput } from '../company-sign-in.contract';
import { findCompanySignIn, saveCompanySignIn, type StoredCompanySignIn } from './company-sign-in.queries';
import type { IdentityDeps } from './identity-deps';
import { redirectUriOf } from './oidc-sign-in.service';
import { sealSecret, secretBoxKey } from './secret-box';

function viewOf(deps: IdentityDeps, stored: StoredCompanySignIn): CompanySignIn {
  const { client_secret_box, ...rest } = stored;
  return { ...rest, has_client_secret: client_secret_box !== null, redirect_uri: redirectUriOf(deps.config) };
}

export async function getCompanySignIn(options: { deps: IdentityDeps; companyId: string }): Promise<CompanySignIn> {
  const { deps, companyId } = options;
  return viewOf(deps, await withTenant(deps.db, companyId, (trx) => findCompanySignIn(trx, companyId)));
}

const isDomainTaken = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  String(error.constraint).startsWith('company_sign_in_domains');

export async function updateCompanySignIn(options: {
  deps: IdentityDeps;
  session: Session;
  source: AuditSource;
  companyId: string;
  change: UpdateCompanySignInInput;
}): Promise<CompanySignIn> {
  const { deps, session, source, companyId, change } = options;
  const key = await secretBoxKey(deps.db);
  const stored = await withTenant(deps.db, companyId, async (trx) => {
    const current = await findCompanySignIn(trx, companyId);
    const { client_secret: secret, domains, ...rest } = change;
    const next: StoredCompanySignIn = {
      ...current,
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
      domains: domains ? [...new Set(domains)] : current.domains,
      client_secret_box: secret ? sealSecret(key, Buffer.from(secret, 'utf8')) : current.client_secret_box,
    };
    // A provider sign-in needs its issuer, client and domains; passwords stay allowed without one.
    if (next.provider) {
      const errors: Record<string, string[]> = {};
      if (!next.issuer) errors.issuer = ['Field is required.'];
      if (!next.client_id) errors.client_id = [signInProviderMessages.needsClient];
      if (!next.client_secret_box) errors.client_secret = [signInProviderMessages.needsClient];
      if (next.domains.length === 0) errors.domains = [signInProviderMessages.needsDomain];
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    } else next.passwords_allowed = true;
    await saveCompanySignIn(trx, { companyId, settings: next });
    const { client_secret: _secret, ...logged } = change;
    await recordAudit(trx, {
      ...source,
      actorId: session.userId,
      impersonatorId: session.impersonatorId,
      companyId,
      action: 'company_sign_in.updated',
      targetType: 'company',
      targetId: companyId,
      details: { ...logged, ...(secret ? { client_secret: 'changed' } : {}) },
    });
    return next;
  }).catch((error: unknown) => {
    if (isDomainTaken(error)) throw AppError.validation({ domains: [signInProviderMessages.domainTaken] });
    throw error;
  });
  return viewOf(deps, stored);
}
