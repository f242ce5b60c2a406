// "Sign in with a passkey": the browser offers the person's passkeys for this site (resident
// credentials, no address typed), and a passkey verified by the person (PIN, fingerprint,
// face) counts as both factors. The same limits as a password hold: the network's sign-in
// limit, the address's lock, the company's and the person's status, and the audit.
// @simplewebauthn/server loads with the first passkey sign-in (see passkeys.service.ts).
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem } from '../../../server/db/database';
import type { LoginResponse } from '../auth.contract';
import { passkeyMessages, type PasskeySignInInput } from '../two-factor.contract';
import { findAccountById } from './auth.queries';
import type { IdentityDeps } from './identity-deps';
import { claimClientAttempt, releaseClientAttempt } from './login-throttle.queries';
import { answerSignIn, clientKey, lockOrAccountRefusal, loginEntry, loginRefusal, openSession } from './login.service';
import { relyingPartyOf } from './passkey-relying-party';
import { PASSKEY_CHALLENGE_SECONDS } from './passkeys.service';
import { createPasskeyChallenge, findPasskeyByCredential, recordPasskeyUse, takePasskeyChallenge } from './passkeys.queries';

/** POST /api/passkey-login/options: a fresh challenge; no credentials listed, so the browser offers whichever it holds. */
export async function passkeySignInOptions(deps: IdentityDeps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingPartyOf(deps.config);
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  await withSystem(deps.db, (trx) =>
    createPasskeyChallenge(trx, { userId: null, purpose: 'sign_in', challenge: options.challenge, ttlSeconds: PASSKEY_CHALLENGE_SECONDS }),
  );
  return options;
}

const refused = () => loginRefusal({ status: 'failed', message: passkeyMessages.refused, details: null });

/** POST /api/passkey-login */
export async function signInWithPasskey(options: {
  deps: IdentityDeps;
  input: PasskeySignInInput;
  source: AuditSource;
  retryAfter?: (seconds: number) => void;
}): Promise<LoginResponse & { email: string }> {
  const { deps, input, source } = options;
  const client = clientKey(source.ip);
  const rp = relyingPartyOf(deps.config);
  const { clientMaxAttempts, clientWindowMinutes, maxAttempts } = deps.config.login;

  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  const outcome = await withSystem(deps.db, async (trx) => {
    const claim = await claimClientAttempt(trx, { client, maxAttempts: clientMaxAttempts, windowMinutes: clientWindowMinutes });
    const passkey = claim.refused ? undefined : await findPasskeyByCredential(trx, input.response.id);
    const account = passkey ? await findAccountById(trx, passkey.user_id) : undefined;
    const attempt = { email: account?.email ?? '', account, source };
    if (claim.refused) {
      await recordAudit(trx, loginEntry(attempt, 'login.failed', { reason: 'too_many_attempts', method: 'passkey' }));
      return { kind: 'limited' as const, resetsAt: claim.resetsAt };
    }
    if (!passkey || !account) {
      await recordAudit(trx, loginEntry(attempt, 'login.failed', { reason: 'unknown_passkey', method: 'passkey' }));
      return { kind: 'refused' as const };
    }
    const verification = await verifyAuthenticationResponse({
      response: { ...input.response, clientExtensionResults: {} },
      expectedChallenge: (challenge) => takePasskeyChallenge(trx, { challenge, purpose: 'sign_in', userId: null }),
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: Uint8Array.from(passkey.public_key),
        counter: passkey.sign_count,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    }).catch((error: unknown) => ({ verified: false, error }));
    // A counter that did not move past the one last seen means a copied key (or a replay):
    // the library refuses it, and the update below refuses a race between two equal ones.
    const counted =
      verification.verified &&
      'authenticationInfo' in verification &&
      (await recordPasskeyUse(trx, {
        id: passkey.id,
        expected: passkey.sign_count,
        signCount: verification.authenticationInfo.newCounter,
      }));
    if (!counted) {
      const reason = 'error' in verification && /counter/i.test(String(verification.error)) ? 'passkey_counter' : 'passkey_rejected';
      await recordAudit(trx, loginEntry(attempt, 'login.failed', { reason, method: 'passkey', passkey_id: passkey.id }));
      return { kind: 'refused' as const };
    }
    await releaseClientAttempt(trx, client);
    const refusal = await lockOrAccountRefusal(trx, account, maxAttempts);
    if (refusal) {
      await recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: refusal.status, method: 'passkey' }));
      return { kind: 'account_refused' as const, refusal };
    }
    const session = await openSession(trx, { deps, attempt: { ...attempt, account }, twoFactor: true, details: { method: 'passkey' } });
    return { kind: 'signed_in' as const, account, session };
  });

  return answerSignIn<object>(deps, outcome, { retryAfter: options.retryAfter, refused });
}
