import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './token-claims';

function tokenWith(claims: unknown): string {
  const base64url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${base64url('{"alg":"EdDSA"}')}.${base64url(JSON.stringify(claims))}.signature`;
}

describe('readTokenClaims', () => {
  it('reads the payload, including names outside ASCII', () => {
    expect(readTokenClaims(tokenWith({ first_name: 'Zoë', company_id: 'c1' }))).toEqual({ first_name: 'Zoë', company_id: 'c1' });
  });

  it('answers null for no token or a malformed one', () => {
    expect(readTokenClaims(null)).toBeNull();
    expect(readTokenClaims('not-a-token')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(readTokenClaims(tokenWith(['a list']))).toBeNull();
  });
});
