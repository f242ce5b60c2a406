// Reads the access token's claims for display: the greeting's first name, the
// company. The server verifies the signature on every call; the client only reads.
import type { TokenClaims } from '../../shared/session.contract';
import { decodeTokenPayload } from '../../shared/token-payload';

export function readTokenClaims(token: string | null): Partial<TokenClaims> | null {
  return decodeTokenPayload(token) as Partial<TokenClaims> | null;
}
