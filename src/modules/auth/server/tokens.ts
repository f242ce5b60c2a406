// Access tokens: short-lived HS256 JWTs carrying the claims and the session id.
import { jwtVerify, SignJWT } from 'jose';
import type { TokenClaims } from '../auth.contract';

export type TokenKeys = { key: CryptoKey };

/** Imported once: jose would otherwise import the raw secret again for every token. */
export async function tokenKeys(secret: string): Promise<TokenKeys> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return { key };
}

export async function signAccessToken(keys: TokenKeys, claims: Omit<TokenClaims, 'iat' | 'exp'>, lifetimeSeconds: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(keys.key);
}

/**
 * Verifies signature and claims. `allowExpiredFor` lets refresh accept a token whose
 * access lifetime has passed while its session may still live (an app reopened offline).
 */
export async function verifyAccessToken(keys: TokenKeys, token: string, allowExpiredFor = 0): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.key, { algorithms: ['HS256'], clockTolerance: allowExpiredFor });
    if (typeof payload.sid !== 'string' || typeof payload.user_id !== 'string') return null;
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}

export type ClaimsAccount = {
  id: string;
  first_name: string;
  company_id: string | null;
  department_id: string | null;
  status: string;
  authorised_contact: boolean;
  line_managers: string[];
};

/** The claims of a token for a session of `account`, without iat and exp (set when signed). */
export function claimsFor(input: {
  account: ClaimsAccount;
  departmentIds: string[];
  sessionId: string;
  imp: boolean;
}): Omit<TokenClaims, 'iat' | 'exp'> {
  const { account } = input;
  return {
    user_id: account.id,
    first_name: account.first_name,
    company_id: account.company_id,
    department_id: account.department_id,
    line_managers: account.line_managers,
    status: account.status,
    departments: input.departmentIds,
    authorised_contact: account.authorised_contact,
    imp: input.imp,
    sid: input.sessionId,
  };
}
