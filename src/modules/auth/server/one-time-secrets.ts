// Two-factor codes: made here, stored only as salted hashes. The tokens of e-mailed links are the platform's (src/server/http/link-tokens.ts).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR_CODE_DIGITS } from '../auth.policy';

export function generateCode(): string {
  return String(randomInt(0, 10 ** TWO_FACTOR_CODE_DIGITS)).padStart(TWO_FACTOR_CODE_DIGITS, '0');
}

function sha256(...parts: (Buffer | string)[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/**
 * A salted SHA-256 rather than the slow password hash: a code lives five minutes and allows
 * five guesses, so the hash only has to keep it out of the table in clear, and checking it
 * must not cost a sign-in a second scrypt.
 */
export function hashCode(code: string): string {
  const salt = randomBytes(16);
  return `sha256$${salt.toString('base64url')}$${sha256(salt, code).toString('base64url')}`;
}

export function verifyCode(code: string, stored: string): boolean {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'sha256' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = sha256(Buffer.from(salt, 'base64url'), code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
