// Reads the access token's claims (SPEC §3) for display: the greeting's first name, the
// company. The server verifies the signature on every call; the client only reads.
import type { TokenClaims } from '../../modules/auth/auth.contract';

export function readTokenClaims(token: string | null): Partial<TokenClaims> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}
