// The tokens of e-mailed links (password reset, invitation, sign-up, e-mail change, impersonation,
// a payroll period's shared download): made here, stored only as hashes.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: a plain SHA-256 of the token is enough to find it, and useless to a reader of the table. */
export function generateLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
