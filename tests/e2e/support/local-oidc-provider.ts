// A real OpenID provider on this machine (oidc-provider) standing in for Microsoft Entra ID or
// Google Workspace: one confidential client, PKCE required, its development sign-in form (type
// any address as the login; no consent step). `accounts` says which addresses it vouches for
// and whether each is verified; `tamper` re-signs the next id token it issues with changed
// claims (or another key), for the refusals a provider would never make on purpose.
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type LocalProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Address → verified or not; an address not listed is vouched for as verified. */
  accounts: Map<string, { verified: boolean }>;
  /** Changes the claims of the next id token issued (then resets). */
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** The next id token is signed with a key the provider does not publish. */
  foreignKey: boolean;
  /** Signs in at the provider without a browser: follows the authorisation URL to the redirect, returns {code, state, iss}. */
  signIn: (authorisationUrl: string, email: string) => Promise<Record<string, string>>;
  close: () => Promise<void>;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function resign(token: string, key: KeyObject, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header = '', payload = ''] = token.split('.');
  const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>);
  const signingInput = `${header}.${base64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key).toString('base64url');
  return `${signingInput}.${signature}`;
}

export async function startLocalProvider(options: { redirectUris: string[]; clientId?: string }): Promise<LocalProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'local-1', use: 'sig', alg: 'RS256' };

  const local: LocalProvider = {
    issuer,
    clientId: options.clientId ?? 'stafflane-local',
    clientSecret: 'local-provider-client-secret-0123456789',
    accounts: new Map(),
    tamper: null,
    foreignKey: false,
    signIn: async (authorisationUrl, email) => {
      const cookies = new Map<string, string>();
      const step = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
        return new URL(location, url).href;
      };
      const form = await step(authorisationUrl);
      const resume = await step(form, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: email, password: 'any' }).toString(),
      });
      let next = await step(resume);
      // No consent step is asked (the grant is made below), but follow any further hop to the redirect.
      for (let hops = 0; hops < 3 && next.startsWith(issuer); hops += 1) next = await step(next);
      return Object.fromEntries(new URL(next).searchParams);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: local.clientId,
        client_secret: local.clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['local-provider-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: local.accounts.get(sub)?.verified ?? true, name: sub }),
    }),
    // A first-party client: the grant is given without a consent page.
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor: (id: string) => string | undefined };
        provider: Provider;
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    // As Microsoft and Google do: the address is in the id token itself.
    conformIdTokenClaims: false,
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || ctx.status !== 200 || !body?.id_token) return;
    if (local.tamper || local.foreignKey) {
      body.id_token = resign(body.id_token, local.foreignKey ? foreign : privateKey, local.tamper ?? ((claims) => claims));
      local.tamper = null;
      local.foreignKey = false;
    }
  });
  handler = provider.callback();
  return local;
}
