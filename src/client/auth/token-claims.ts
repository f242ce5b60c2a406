// Reads the access token's claims for display: the greeting's first name, the
// company. The server verifies the signature on every call; the client only reads.
import type { TokenClaims } from '../../shared/session.contract';
import { decodeTokenPayload } from '../../shared/token-payload';

/** The last token read and its claims: the frame asks on every render, decoding once a token. */
let lastRead: { token: string | null; claims: Readonly<Partial<TokenClaims>> | null } | null = null;

export function readTokenClaims(token: string | null): Readonly<Partial<TokenClaims>> | null {
  if (lastRead?.token !== token) lastRead = { token, claims: decodeTokenPayload(token) as Partial<TokenClaims> | null };
  return lastRead.claims;
}
