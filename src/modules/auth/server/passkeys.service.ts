// A person's own passkeys: the options a browser makes one from (a resident credential, so
// the login page can offer it without an address), checking and keeping it under a name,
// and removing one. Never from an impersonated session.
// @simplewebauthn/server (with its certificate and ASN.1 libraries, about 1 MB of code) loads with
// the first passkey asked for, not with every server's start.
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { recordAudit } from '../../../server/audit/audit.queries';
import { AppError } from '../../../shared/app-error';
import { passkeyMessages, type PasskeyRegistrationInput, type PasskeySummary } from '../two-factor.contract';
import { auditAs, credentialsOf, inSessionScope, refuseWhileImpersonating, type Caller } from './account-caller';
import { relyingPartyOf } from './passkey-relying-party';
import { createPasskeyChallenge, deletePasskey, findCredentialIds, insertPasskey, takePasskeyChallenge } from './passkeys.queries';

export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** POST /api/passkeys/options */
export async function passkeyCreationOptions(caller: Caller): Promise<PublicKeyCredentialCreationOptionsJSON> {
  refuseWhileImpersonating(caller.session);
  const person = await credentialsOf(caller);
  const rp = relyingPartyOf(caller.deps.config);
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  return inSessionScope(caller, async (trx) => {
    const existing = await findCredentialIds(trx, person.id);
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: person.email,
      userID: new TextEncoder().encode(person.id),
      attestationType: 'none',
      excludeCredentials: existing.map((credential) => ({ id: credential.credential_id, transports: credential.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    });
    await createPasskeyChallenge(trx, {
      userId: person.id,
      purpose: 'register',
      challenge: options.challenge,
      ttlSeconds: PASSKEY_CHALLENGE_SECONDS,
    });
    return options;
  });
}

/** POST /api/passkeys: the browser's answer to this person's own open challenge, kept under the name they gave. */
export async function addPasskey(caller: Caller & { input: PasskeyRegistrationInput }): Promise<PasskeySummary> {
  refuseWhileImpersonating(caller.session);
  const rp = relyingPartyOf(caller.deps.config);
  const userId = caller.session.userId;
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  return inSessionScope(caller, async (trx) => {
    const verification = await verifyRegistrationResponse({
      response: { ...caller.input.response, clientExtensionResults: {} },
      expectedChallenge: (challenge) => takePasskeyChallenge(trx, { challenge, purpose: 'register', userId }),
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw AppError.validation({ response: [passkeyMessages.notRegistered] });
    const { credential } = verification.registrationInfo;
    const added = await insertPasskey(trx, {
      userId,
      companyId: caller.session.companyId,
      name: caller.input.name,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: credential.transports ?? [],
    });
    if (!added) throw AppError.validation({ response: [passkeyMessages.notRegistered] });
    await recordAudit(trx, auditAs(caller, 'passkey.added', { passkey_id: added.id, name: added.name }));
    return { ...added, last_used_at: null };
  });
}

/** DELETE /api/passkeys/:id: only the caller's own. */
export async function removePasskey(caller: Caller & { id: string }): Promise<void> {
  refuseWhileImpersonating(caller.session);
  await inSessionScope(caller, async (trx) => {
    const removed = await deletePasskey(trx, { userId: caller.session.userId, id: caller.id });
    if (!removed) throw AppError.notFound();
    await recordAudit(trx, auditAs(caller, 'passkey.removed', { passkey_id: caller.id, name: removed.name }));
  });
}
