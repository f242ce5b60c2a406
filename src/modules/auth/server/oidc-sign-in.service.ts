// "Sign in with Microsoft" / "Sign in with Google" (OpenID Connect, authorisation code with
// PKCE, state and nonce). The provider's id token is checked by openid-client — its signature
// against the provider's published keys, issuer, audience, expiry and nonce — then the
// verified e-mail address must be one of the company's own domains and a person the company
// added: nobody is ever created, and nobody is matched in another company. The network's
// sign-in limit, the address's lock, the company's and the person's status and the audit hold
// as for a password.
// Loaded with the first sign-in through a company's provider: most servers never have one.
import type * as Oidc from 'openid-client';
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import type { LoginResponse } from '../auth.contract';
import { signInProviderMessages, type SignInProvider, type SignInProviderName } from '../company-sign-in.contract';
import { findAccountByEmail, type Account } from './auth.queries';
import { createOidcState, findSignInByCompany, findSignInByDomain, takeOidcState } from './company-sign-in.queries';
import type { IdentityDeps } from './identity-deps';
import { claimClientAttempt, releaseClientAttempt } from './login-throttle.queries';
import { answerSignIn, clientKey, lockOrAccountRefusal, loginEntry, loginRefusal, openSession, type SignInOutcome } from './login.service';
import { openSecret, secretBoxKey } from './secret-box';

const STATE_SECONDS = 10 * 60;
const DISCOVERY_SECONDS = 10 * 60;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function redirectUriOf(config: IdentityDeps['config']): string {
  return new URL('/login', config.publicOrigin ?? `http://localhost:${config.port}`).href;
}

type ClientSettings = { issuer: string; client_id: string; client_secret_box: string };
const discovered = new Map<string, { at: number; config: Promise<Oidc.Configuration> }>();

/** The provider's metadata and keys, fetched once per ten minutes per client; plain http only for a provider on this machine (tests, demo). */
async function providerConfig(deps: IdentityDeps, settings: ClientSettings): Promise<Oidc.Configuration> {
  const cacheKey = `${settings.issuer}\0${settings.client_id}\0${settings.client_secret_box}`;
  const cached = discovered.get(cacheKey);
  if (cached && Date.now() - cached.at < DISCOVERY_SECONDS * 1000) return cached.config;
  const secret = openSecret(await secretBoxKey(deps.db), settings.client_secret_box).toString('utf8');
  const issuer = new URL(settings.issuer);
  const oidc = await import('openid-client');
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const config = oidc.discovery(
    issuer,
    settings.client_id,
    { redirect_uris: [redirectUriOf(deps.config)] },
    oidc.ClientSecretPost(secret),
    {
      execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
      timeout: 10,
    },
  );
  discovered.set(cacheKey, { at: Date.now(), config });
  config.catch(() => discovered.delete(cacheKey));
  return config;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** GET /api/sign-in-provider?email=: the button the login page offers for this address's domain. */
export async function findSignInProvider(deps: IdentityDeps, email: string): Promise<SignInProvider> {
  const found = await withSystem(deps.db, (trx) => findSignInByDomain(trx, domainOf(email)));
  return { provider: found?.provider ?? null, passwords_allowed: found?.passwords_allowed ?? true };
}

/** POST /api/oidc-login/start: where to send the browser (the provider's sign-in page). */
export async function startOidcSignIn(options: { deps: IdentityDeps; email: string }): Promise<{ url: string }> {
  const { deps, email } = options;
  const signIn = await withSystem(deps.db, (trx) => findSignInByDomain(trx, domainOf(email)));
  if (!signIn) throw AppError.validation({ email: [signInProviderMessages.notSetUp] });
  const config = await providerConfig(deps, signIn).catch((error: unknown) => {
    throw new AppError('unavailable', { message: signInProviderMessages.unavailable, cause: error });
  });
  const oidc = await import('openid-client');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await withSystem(deps.db, (trx) =>
    createOidcState(trx, { state, companyId: signIn.company_id, nonce, codeVerifier, email, ttlSeconds: STATE_SECONDS }),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(deps.config),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: email,
  });
  return { url: url.href };
}

/** Entra ID sends no email_verified: its xms_edov says the domain's owner verified the address. */
function verifiedEmail(provider: SignInProviderName, claims: Oidc.IDToken): string | null {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const verified = claims.email_verified === true || (provider === 'microsoft' && claims.xms_edov === true);
  return email && verified ? email : null;
}

type Outcome = SignInOutcome<{ message: string }>;

/** POST /api/oidc-login: the provider's answer (code, state) brought back by the login page. */
export async function finishOidcSignIn(options: {
  deps: IdentityDeps;
  input: { code: string; state: string; iss?: string | undefined };
  source: AuditSource;
  retryAfter?: (seconds: number) => void;
}): Promise<LoginResponse & { email: string }> {
  const { deps, input, source } = options;
  const client = clientKey(source.ip);
  const { clientMaxAttempts, clientWindowMinutes, maxAttempts } = deps.config.login;
  const audit = (email: string, account: Account | undefined, action: string, details: Record<string, unknown>) =>
    withSystem(deps.db, (trx) => recordAudit(trx, loginEntry({ email, account, source }, action, { method: 'oidc', ...details })));

  const outcome = await (async (): Promise<Outcome> => {
    const begun = await withSystem(deps.db, async (trx) => {
      const claim = await claimClientAttempt(trx, { client, maxAttempts: clientMaxAttempts, windowMinutes: clientWindowMinutes });
      if (claim.refused) return { claim };
      const state = await takeOidcState(trx, input.state);
      const signIn = state ? await findSignInByCompany(trx, state.company_id) : undefined;
      return { claim, state, signIn };
    });
    if (begun.claim.refused) {
      await audit('', undefined, 'login.failed', { reason: 'too_many_attempts' });
      return { kind: 'limited', resetsAt: begun.claim.resetsAt };
    }
    const { state, signIn } = begun;
    if (!state || !signIn) {
      await audit(state?.email ?? '', undefined, 'login.failed', { reason: state ? 'oidc_not_set_up' : 'oidc_state' });
      return { kind: 'refused', message: state ? signInProviderMessages.notSetUp : signInProviderMessages.expired };
    }

    let claims: Oidc.IDToken | undefined;
    try {
      const config = await providerConfig(deps, signIn);
      const oidc = await import('openid-client');
      const callback = new URL(redirectUriOf(deps.config));
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      if (input.iss) callback.searchParams.set('iss', input.iss);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: state.code_verifier,
        expectedState: input.state,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
      await audit(state.email, undefined, 'login.failed', { reason: 'oidc_rejected', provider: signIn.provider, error: reason });
      return { kind: 'refused', message: signInProviderMessages.providerRefused };
    }
    if (!claims) return { kind: 'refused', message: signInProviderMessages.providerRefused };

    const email = verifiedEmail(signIn.provider, claims);
    if (!email) {
      await audit(state.email, undefined, 'login.failed', { reason: 'oidc_unverified_email', provider: signIn.provider });
      return { kind: 'refused', message: signInProviderMessages.unverifiedEmail };
    }
    const account = await withSystem(deps.db, (trx) => findAccountByEmail(trx, email));
    // Only the company's own domains, and only a person that company added: never another company's.
    if (!signIn.domains.includes(domainOf(email)) || (account && account.company_id !== state.company_id)) {
      await audit(email, account, 'login.failed', { reason: 'oidc_other_company', provider: signIn.provider });
      return { kind: 'refused', message: signInProviderMessages.otherCompany };
    }
    if (!account) {
      await audit(email, undefined, 'login.failed', { reason: 'unknown_account', provider: signIn.provider });
      return { kind: 'refused', message: signInProviderMessages.noPerson };
    }

    return withSystem(deps.db, async (trx): Promise<Outcome> => {
      await releaseClientAttempt(trx, client);
      const attempt = { email, account, source };
      const refusal = await lockOrAccountRefusal(trx, account, maxAttempts);
      if (refusal) {
        await recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: refusal.status, method: 'oidc' }));
        return { kind: 'account_refused', refusal };
      }
      // The provider's own sign-in (with its multi-factor rules) stands for both factors.
      const session = await openSession(trx, {
        deps,
        attempt,
        twoFactor: false,
        details: { method: 'oidc', provider: signIn.provider },
      });
      return { kind: 'signed_in', account, session };
    });
  })();

  return answerSignIn(deps, outcome, {
    retryAfter: options.retryAfter,
    refused: ({ message }) => loginRefusal({ status: 'provider_refused', message, details: null }),
  });
}
