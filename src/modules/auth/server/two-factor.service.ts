// The two-factor step of signing in: a code sent by e-mail (through the outbox) or text
// message, then checked once, within five minutes and five guesses; or the code of the
// person's authenticator app (or one of their recovery codes), with the same five guesses.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem } from '../../../server/db/database';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { AppError } from '../../../shared/app-error';
import type { LoginFailure } from '../auth.contract';
import {
  AUTHENTICATOR_STEP_SECONDS,
  challengeState,
  invalidCodeFailure,
  TWO_FACTOR_CODE_TTL_SECONDS,
  TWO_FACTOR_MAX_GUESSES,
  twoFactorDelivery,
  twoFactorRequiredFailure,
} from '../auth.policy';
import type { Account } from './auth.queries';
import type { IdentityDeps } from './identity-deps';
import { createChallenge, findLatestChallenge, recordFailedLogin, spendGuess } from './login-security.queries';
import { useOnce } from './link-tokens.queries';
import { useSecondFactor, type SecondFactorUsed } from './authenticator-app.service';
import { generateCode, hashCode, verifyCode } from './one-time-secrets';
import { secretBoxKey } from './secret-box';

export const SIGN_IN_CODE_SUBJECT = 'Your Stafflane sign-in code';
const SMS_FAILED = 'We could not send your sign-in code by text message. Please try again shortly.';

function codeText(code: string): string {
  const minutes = TWO_FACTOR_CODE_TTL_SECONDS / 60;
  return [
    `Your Stafflane sign-in code is ${code}.`,
    '',
    `It works once, within the next ${minutes} minutes.`,
    'If you did not try to sign in, someone may know your password: please change it or tell your administrator.',
  ].join('\n');
}

/**
 * Opens the step for the person's authenticator app: nothing is sent, the app shows the code.
 * The challenge holds no code; it counts the guesses as an e-mailed code's does.
 */
export async function startAppChallenge(options: { deps: IdentityDeps; account: Account; source: AuditSource }): Promise<LoginFailure> {
  const { deps, account, source } = options;
  await withSystem(deps.db, async (trx) => {
    await createChallenge(trx, {
      userId: account.id,
      companyId: account.company_id,
      codeHash: hashCode(generateCode()),
      method: 'app',
      contact: '',
      ttlSeconds: AUTHENTICATOR_STEP_SECONDS,
    });
    await recordAudit(trx, {
      ...source,
      actorId: null,
      companyId: account.company_id,
      action: 'login.code_asked',
      targetType: 'user',
      targetId: account.id,
      details: { method: 'app' },
    });
  });
  return twoFactorRequiredFailure({
    delivery: { method: 'app', destination: '', contact: '' },
    ttlSeconds: AUTHENTICATOR_STEP_SECONDS,
    isAdmin: account.company_id === null,
  });
}

/** Sends a fresh code and returns the two-factor step's body (the caller answers 401 with it). */
export async function startChallenge(options: { deps: IdentityDeps; account: Account; source: AuditSource }): Promise<LoginFailure> {
  const { deps, account, source } = options;
  const delivery = twoFactorDelivery({ method: account.two_factor_method, email: account.email, mobile: account.mobile });
  const code = generateCode();
  await withSystem(deps.db, async (trx) => {
    await createChallenge(trx, {
      userId: account.id,
      companyId: account.company_id,
      codeHash: hashCode(code),
      method: delivery.method,
      contact: delivery.contact,
      ttlSeconds: TWO_FACTOR_CODE_TTL_SECONDS,
    });
    if (delivery.method === 'mail') {
      await enqueueEmail(trx, {
        template: 'two_factor_code',
        to: delivery.destination,
        subject: SIGN_IN_CODE_SUBJECT,
        text: codeText(code),
        companyId: account.company_id,
      });
    }
    await recordAudit(trx, {
      ...source,
      actorId: null,
      companyId: account.company_id,
      action: 'login.code_sent',
      targetType: 'user',
      targetId: account.id,
      details: { method: delivery.method, contact: delivery.contact },
    });
  });
  if (delivery.method === 'mail') deps.mail.wake();
  else {
    // A provider that fails is the service being unavailable, not a refusal: the user tries
    // again, and the next attempt sends a new code (this challenge is then closed).
    await deps.sms.send({ to: delivery.destination, text: codeText(code) }).catch((error: unknown) => {
      throw new AppError('unavailable', { message: SMS_FAILED, cause: error });
    });
  }
  return twoFactorRequiredFailure({ delivery, ttlSeconds: TWO_FACTOR_CODE_TTL_SECONDS, isAdmin: account.company_id === null });
}

/**
 * Checks a code against the user's latest challenge: what was used when it is right (the
 * challenge is used up), otherwise the invalid-code body. An app's challenge takes the app's
 * code or a recovery code (each once); any other, the code that was sent. Spending a
 * challenge's last guess counts as one failed sign-in for the address, so guessing with a
 * known password also ends in a lock.
 */
export async function checkCode(options: {
  deps: IdentityDeps;
  account: Account;
  email: string;
  code: string;
  source: AuditSource;
}): Promise<{ failure: LoginFailure } | { used: SecondFactorUsed | { kind: 'code' } }> {
  const { deps, account, code } = options;
  const key = await secretBoxKey(deps.db);
  return withSystem(deps.db, async (trx) => {
    const challenge = await findLatestChallenge(trx, account.id);
    const state = challengeState(challenge);
    let guesses = challenge?.guesses ?? 0;
    if (state === 'open' && challenge) {
      const spent = await spendGuess(trx, { id: challenge.id, maxGuesses: TWO_FACTOR_MAX_GUESSES });
      if (spent) {
        guesses = spent.guesses;
        const used =
          challenge.method === 'app'
            ? await useSecondFactor(trx, { key, userId: account.id, code, now: Date.now() })
            : verifyCode(code, spent.code_hash) && { kind: 'code' as const };
        if (used && (await useOnce(trx, 'two_factor_challenges', challenge.id))) return { used };
        if (guesses >= TWO_FACTOR_MAX_GUESSES) {
          await recordFailedLogin(trx, { email: options.email, ...deps.config.login });
        }
      }
    }
    await recordAudit(trx, {
      ...options.source,
      actorId: null,
      companyId: account.company_id,
      action: 'login.code_rejected',
      targetType: 'user',
      targetId: account.id,
      details: { reason: state === 'open' ? 'wrong_code' : state, guesses, method: challenge?.method ?? null },
    });
    return { failure: invalidCodeFailure(guesses) };
  });
}
