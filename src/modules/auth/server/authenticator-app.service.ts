// A person's authenticator app and recovery codes: setting the app up (a secret shown once,
// kept encrypted), confirming it with a code (which chooses it as the method and hands out
// ten recovery codes, kept only as hashes), new recovery codes, removing the app; and, at
// sign-in, checking an app's code (each usable once) or a recovery code (each usable once).
import { randomInt } from 'node:crypto';
import { recordAudit } from '../../../server/audit/audit.queries';
import type { Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import type { TwoFactorMethod } from '../auth.contract';
import { authenticatorMessages, RECOVERY_CODE_COUNT, type AuthenticatorSetup, type RecoveryCodes } from '../two-factor.contract';
import { auditAs, credentialsOf, inSessionScope, refuseWhileImpersonating, type Caller } from './account-caller';
import { updateTwoFactorSetting } from './account-settings.queries';
import {
  confirmAuthenticatorApp,
  countUnusedRecoveryCodes,
  deleteAuthenticatorApp,
  findAuthenticatorApp,
  findUnusedRecoveryCodes,
  replaceRecoveryCodes,
  savePendingAuthenticatorApp,
  spendAuthenticatorStep,
} from './authenticator-apps.queries';
import { useOnce } from './link-tokens.queries';
import { hashCode, verifyCode } from './one-time-secrets';
import { openSecret, sealSecret, secretBoxKey } from './secret-box';
import { base32Encode, generateTotpSecret, matchTotp, otpauthUri } from './totp';

const ISSUER = 'Stafflane';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** xxxxx-xxxxx from 31 letters and digits that cannot be mistaken for one another (about 50 bits). */
export function generateRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** As typed: any case, with or without the dash or spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

async function issueRecoveryCodes(trx: Trx, caller: Caller): Promise<RecoveryCodes> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await replaceRecoveryCodes(trx, {
    userId: caller.session.userId,
    companyId: caller.session.companyId,
    hashes: codes.map((code) => hashCode(normaliseRecoveryCode(code))),
  });
  return { codes };
}

/** POST /api/user-2fa/authenticator: a new secret, in use only once a code from it is confirmed. */
export async function startAuthenticatorSetup(caller: Caller): Promise<AuthenticatorSetup> {
  refuseWhileImpersonating(caller.session);
  const credentials = await credentialsOf(caller);
  const secret = generateTotpSecret();
  const key = await secretBoxKey(caller.deps.db);
  await inSessionScope(caller, async (trx) => {
    await savePendingAuthenticatorApp(trx, {
      userId: caller.session.userId,
      companyId: caller.session.companyId,
      secretBox: sealSecret(key, secret),
    });
    await recordAudit(trx, auditAs(caller, 'two_factor.authenticator_setup_started'));
  });
  const text = base32Encode(secret);
  return { secret: text, uri: otpauthUri({ secret: text, account: credentials.email, issuer: ISSUER }) };
}

/**
 * POST /api/user-2fa/authenticator/confirm: the code proves the app holds the secret. The app
 * becomes the person's method, two-factor is on, and ten new recovery codes are shown once.
 */
export async function confirmAuthenticatorSetup(caller: Caller & { code: string; now?: number }): Promise<RecoveryCodes> {
  refuseWhileImpersonating(caller.session);
  const key = await secretBoxKey(caller.deps.db);
  const userId = caller.session.userId;
  return inSessionScope(caller, async (trx) => {
    const app = await findAuthenticatorApp(trx, userId);
    if (!app || app.confirmed) throw AppError.validation({ code: [authenticatorMessages.noSetup] });
    const step = matchTotp(openSecret(key, app.secret_box), caller.code, caller.now ?? Date.now(), app.last_used_step);
    if (step === null) {
      await recordAudit(trx, auditAs(caller, 'two_factor.authenticator_code_rejected'));
      throw AppError.validation({ code: [authenticatorMessages.wrongCode] });
    }
    await confirmAuthenticatorApp(trx, { userId, step });
    await updateTwoFactorSetting(trx, { userId, enabled: true, method: 'app' });
    const codes = await issueRecoveryCodes(trx, caller);
    await recordAudit(trx, auditAs(caller, 'two_factor.authenticator_added', { recovery_codes: RECOVERY_CODE_COUNT }));
    return codes;
  });
}

/** POST /api/user-2fa/recovery-codes: ten new codes for a person with an app; the earlier ones stop working. */
export async function regenerateRecoveryCodes(caller: Caller): Promise<RecoveryCodes> {
  refuseWhileImpersonating(caller.session);
  return inSessionScope(caller, async (trx) => {
    const app = await findAuthenticatorApp(trx, caller.session.userId);
    if (!app?.confirmed) throw new AppError('conflict', { message: 'Set up an authenticator app first.' });
    const codes = await issueRecoveryCodes(trx, caller);
    await recordAudit(trx, auditAs(caller, 'two_factor.recovery_codes_renewed'));
    return codes;
  });
}

/** DELETE /api/user-2fa/authenticator: codes come by e-mail again; the recovery codes go with the app. */
export async function removeAuthenticator(caller: Caller): Promise<void> {
  refuseWhileImpersonating(caller.session);
  const credentials = await credentialsOf(caller);
  await inSessionScope(caller, async (trx) => {
    if (!(await deleteAuthenticatorApp(trx, caller.session.userId))) throw AppError.notFound();
    await replaceRecoveryCodes(trx, { userId: caller.session.userId, companyId: caller.session.companyId, hashes: [] });
    const method: TwoFactorMethod = credentials.two_factor_method === 'app' ? 'mail' : credentials.two_factor_method;
    await updateTwoFactorSetting(trx, { userId: caller.session.userId, enabled: credentials.two_factor_enabled, method });
    await recordAudit(trx, auditAs(caller, 'two_factor.authenticator_removed'));
  });
}

export type SecondFactorUsed = { kind: 'app' } | { kind: 'recovery'; left: number };

/**
 * At sign-in, in the system scope: six digits are the app's code (within a step either side
 * of now, after the last step used, which it then becomes); anything else is tried as one of
 * the person's unused recovery codes, which it then uses up. Null when neither.
 */
export async function useSecondFactor(
  trx: Trx,
  input: { key: Buffer; userId: string; code: string; now: number },
): Promise<SecondFactorUsed | null> {
  if (/^\d{6}$/.test(input.code)) {
    const app = await findAuthenticatorApp(trx, input.userId);
    if (!app?.confirmed) return null;
    const step = matchTotp(openSecret(input.key, app.secret_box), input.code, input.now, app.last_used_step);
    return step !== null && (await spendAuthenticatorStep(trx, { userId: input.userId, step })) ? { kind: 'app' } : null;
  }
  const typed = normaliseRecoveryCode(input.code);
  for (const stored of await findUnusedRecoveryCodes(trx, input.userId)) {
    if (verifyCode(typed, stored.code_hash) && (await useOnce(trx, 'recovery_codes', stored.id))) {
      return { kind: 'recovery', left: await countUnusedRecoveryCodes(trx, input.userId) };
    }
  }
  return null;
}
