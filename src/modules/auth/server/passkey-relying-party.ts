// Who Stafflane is to a passkey: the relying party's id (the site's host name) and the
// origins a browser may answer from. Browsers refuse an IP address as the id, so a server
// reached on this machine (127.0.0.1) is "localhost" to passkeys, opened at http://localhost.
import type { Config } from '../../../server/config';

export type RelyingParty = { rpID: string; rpName: string; origins: string[] };

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function relyingPartyOf(config: Pick<Config, 'publicOrigin' | 'port'>): RelyingParty {
  const origin = new URL(config.publicOrigin ?? `http://localhost:${config.port}`);
  if (!LOOPBACK.has(origin.hostname)) return { rpID: origin.hostname, rpName: 'Stafflane', origins: [origin.origin] };
  const port = origin.port ? `:${origin.port}` : '';
  const origins = [...new Set([origin.origin, `${origin.protocol}//localhost${port}`])];
  return { rpID: 'localhost', rpName: 'Stafflane', origins };
}
