// Company sign-up (SIGN_UP=open). A request is counted against its address and its network
// (stored, so every server shares the limits), then — unless a robot sent it (the honeypot, a
// form filled faster than a person can) — either e-mails a single-use link or, when the address
// already has an account, e-mails that instead: the answer is the same either way, so the form
// tells nobody which addresses have accounts. Opening the link makes the company and its owner
// through makeCompany, the one company-making path, and answers an onboarding session: the
// owner continues at /welcome (password and terms) as an invited person does.
import type { AppDeps } from '../../../server/app-deps';
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { identityOf } from '../../../server/module-hooks';
import { AppError } from '../../../shared/app-error';
import type { ConfirmEmailResponse } from '../../auth/auth.contract';
import { signUpMessages, SIGN_UP_LINK_TYPE, type SignUpAccepted, type SignUpValues } from '../sign-up.contract';
import {
  alreadyAnAccountText,
  ALREADY_AN_ACCOUNT_SUBJECT,
  looksAutomated,
  networkOf,
  signUpMailText,
  signUpRefusal,
  SIGN_UP_LINK_SECONDS,
  SIGN_UP_SUBJECT,
} from '../sign-up.policy';
import { emailTaken } from './companies.queries';
import { makeCompany } from './companies.service';
import {
  consumeSignUp,
  createFirstLocation,
  createSignUp,
  forgetOldSignUps,
  lockAndCountAttempts,
  recordAttempt,
  setSignUpCompany,
} from './sign-up.queries';

type Deps = AppDeps;

/** The first location's name: where the owner works until they say otherwise. */
export const FIRST_LOCATION_NAME = 'Head office';

function origin(config: AppDeps['config']): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

function requireOpen(config: AppDeps['config']): void {
  if (!config.signUp.open) throw AppError.notFound('Sign-up is closed.');
}

/** POST /api/sign-up: 202 with the address whatever happened; 429 once the address or the network has used its requests. */
export async function requestSignUp(options: { deps: Deps; input: SignUpValues; client: string }): Promise<SignUpAccepted> {
  const { deps, input } = options;
  requireOpen(deps.config);
  const email = input.email.toLowerCase();
  const network = networkOf(options.client);
  const refusal = await withSystem(deps.db, async (trx) => {
    const refused = signUpRefusal(await lockAndCountAttempts(trx, { email, network }));
    if (refused) return refused;
    await recordAttempt(trx, { email, network });
    await forgetOldSignUps(trx);
    if (looksAutomated(input)) {
      deps.logger.info({ network }, 'sign-up dropped: honeypot filled or form sent too fast');
      return null;
    }
    if (await emailTaken(trx, email)) {
      const base = origin(deps.config);
      await enqueueEmail(trx, {
        template: 'sign_up_existing',
        to: email,
        subject: ALREADY_AN_ACCOUNT_SUBJECT,
        text: alreadyAnAccountText({
          loginLink: new URL('/login', base).toString(),
          resetLink: new URL('/reset-password', base).toString(),
        }),
        companyId: null,
      });
      return null;
    }
    const { token, tokenHash } = generateLinkToken();
    await createSignUp(trx, {
      token_hash: tokenHash,
      email,
      company_name: input.company_name,
      first_name: input.first_name,
      surname: input.surname,
      employees: input.employees,
      bank_holiday_region: input.bank_holiday_region,
      ttlSeconds: SIGN_UP_LINK_SECONDS,
    });
    const link = new URL('/confirm-email', origin(deps.config));
    link.searchParams.set('type', SIGN_UP_LINK_TYPE);
    link.searchParams.set('token', token);
    await enqueueEmail(trx, {
      template: 'sign_up',
      to: email,
      subject: SIGN_UP_SUBJECT,
      text: signUpMailText({ firstName: input.first_name, companyName: input.company_name, link: link.toString() }),
      companyId: null,
    });
    return null;
  });
  if (refusal) throw new AppError('rateLimited', { message: refusal });
  deps.mail.wake();
  return { email };
}

/**
 * POST /api/sign-up/confirm: the link, once. The company (HR and H&S, as many seats as the
 * employees given), its first location in the chosen part of the country and its owner are
 * made; the owner's address is confirmed and their onboarding session is the answer. An
 * unknown, used or expired link — or an address that found an account meanwhile — is a 422
 * on `token` saying which.
 */
export async function confirmSignUp(options: { deps: Deps; token: string; source: AuditSource }): Promise<ConfirmEmailResponse> {
  const { deps, source } = options;
  requireOpen(deps.config);
  const answer = await withSystem(deps.db, async (trx) => {
    const use = await consumeSignUp(trx, hashLinkToken(options.token));
    const refusal =
      use.outcome === 'expired'
        ? signUpMessages.linkExpired
        : use.outcome === 'invalid'
          ? signUpMessages.linkInvalid
          : (await emailTaken(trx, use.signUp.email))
            ? signUpMessages.alreadyAnAccount
            : null;
    if (refusal || use.outcome !== 'used') {
      await recordAudit(trx, { ...source, actorId: null, companyId: null, action: 'sign_up.rejected', details: { reason: use.outcome } });
      return refusal ?? signUpMessages.linkInvalid;
    }
    const { signUp } = use;
    const made = await makeCompany(trx, {
      modules: deps.modules,
      input: {
        name: signUp.company_name,
        number: '',
        sector_name: '',
        address: '',
        products: ['hr', 'hs'],
        seats: signUp.employees,
        owner: { first_name: signUp.first_name, surname: signUp.surname, email: signUp.email },
      },
      source: 'sign_up',
      ownerStatus: 'invited',
      actor: { userId: null, impersonatorId: null, audit: source },
    });
    await setSignUpCompany(trx, { id: signUp.id, companyId: made.companyId });
    await createFirstLocation(trx, {
      companyId: made.companyId,
      ownerId: made.ownerId,
      name: FIRST_LOCATION_NAME,
      region: signUp.bank_holiday_region,
    });
    return identityOf(deps.modules).openOnboarding(trx, deps, made.ownerId);
  });
  if (typeof answer === 'string') throw AppError.validation({ token: [answer] });
  return answer();
}
