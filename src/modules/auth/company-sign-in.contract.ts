// How a company's people sign in (Settings › Sign-in security, owners only): who must use a
// second factor, and signing in with Microsoft Entra ID or Google Workspace (OpenID Connect)
// for the company's own e-mail domains. The client secret is written, never read back.
import * as v from 'valibot';
import { requiredTextField, textField } from '../../shared/validators';

export const COMPANY_SIGN_IN_ENDPOINT = '/api/company-sign-in';

export const companySignInPaths = {
  /** GET → CompanySignIn; PUT UpdateCompanySignInInput → CompanySignIn. */
  settings: COMPANY_SIGN_IN_ENDPOINT,
  /** Public: GET ?email= → SignInProvider (which button the login page offers for that address's domain). */
  provider: '/api/sign-in-provider',
  /** Public: POST {email} → {url}: the provider's sign-in page, with state, nonce and PKCE. */
  start: '/api/oidc-login/start',
  /** Public: POST {code, state, iss?} (the provider's answer at /login) → LoginResponse & {email}. */
  finish: '/api/oidc-login',
} as const;

export const TWO_FACTOR_FOR = ['nobody', 'everyone', 'administrators'] as const;
export type TwoFactorFor = (typeof TWO_FACTOR_FOR)[number];
export const twoFactorForLabels: Record<TwoFactorFor, string> = {
  nobody: 'Each person chooses',
  everyone: 'Everyone',
  administrators: 'Owners and HR admins',
};

export const SIGN_IN_PROVIDERS = ['microsoft', 'google'] as const;
export type SignInProviderName = (typeof SIGN_IN_PROVIDERS)[number];
export const providerLabels: Record<SignInProviderName, string> = { microsoft: 'Microsoft', google: 'Google' };
export const defaultIssuers: Record<SignInProviderName, string> = {
  microsoft: 'https://login.microsoftonline.com/YOUR-TENANT-ID/v2.0',
  google: 'https://accounts.google.com',
};

export type CompanySignIn = {
  two_factor_for: TwoFactorFor;
  /** null: people sign in with their password only. */
  provider: SignInProviderName | null;
  issuer: string;
  client_id: string;
  /** Whether a secret is stored; the secret itself never leaves the server. */
  has_client_secret: boolean;
  domains: string[];
  passwords_allowed: boolean;
  /** Where the provider sends people back: to register with the provider. */
  redirect_uri: string;
};

export type SignInProvider = { provider: SignInProviderName | null; passwords_allowed: boolean };

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export const UpdateCompanySignInInputSchema = v.object({
  two_factor_for: v.optional(v.picklist(TWO_FACTOR_FOR, 'Choose who must use two-factor.')),
  provider: v.optional(v.nullable(v.picklist(SIGN_IN_PROVIDERS, 'Choose Microsoft or Google.'))),
  issuer: v.optional(
    v.pipe(
      v.string('Field is required.'),
      v.trim(),
      v.maxLength(500, 'Max length exceeded.'),
      v.check((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'This is not a valid address (https://…).'),
    ),
  ),
  client_id: v.optional(textField({ maxLength: 200 })),
  /** Omitted or '': the stored secret stays. */
  client_secret: v.optional(textField({ maxLength: 500 })),
  domains: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(DOMAIN, 'Enter domains such as example.co.uk, separated by commas.')),
        'Enter domains such as example.co.uk, separated by commas.',
      ),
      v.maxLength(10, 'At most 10 domains.'),
    ),
  ),
  passwords_allowed: v.optional(v.boolean('Field is required.')),
});
export type UpdateCompanySignInInput = v.InferOutput<typeof UpdateCompanySignInInputSchema>;

export const OidcStartSchema = v.object({
  email: v.pipe(
    v.string('Field is required.'),
    v.trim(),
    v.toLowerCase(),
    v.email('This is not a valid e-mail address.'),
    v.maxLength(254),
  ),
});
export const OidcFinishSchema = v.object({
  code: requiredTextField({ maxLength: 4096 }),
  state: requiredTextField({ maxLength: 200 }),
  iss: v.optional(textField({ maxLength: 500 })),
});

export const signInProviderMessages = {
  notSetUp: 'Your company does not sign in with Microsoft or Google. Please sign in with your password.',
  passwordsOff: (provider: SignInProviderName) =>
    `Your company signs in with ${providerLabels[provider]}. Please use "Sign in with ${providerLabels[provider]}".`,
  expired: 'That sign-in took too long or was already used. Please start again.',
  providerRefused: 'Your company’s sign-in provider could not confirm who you are. Please try again.',
  unverifiedEmail: 'Your e-mail address is not verified with your sign-in provider, so it cannot sign you in here.',
  otherCompany: 'That account’s e-mail address does not belong to your company. Please sign in with your work account.',
  noPerson: 'There is no Stafflane account for that e-mail address in your company. Please ask your HR administrator.',
  unavailable: 'Your company’s sign-in provider cannot be reached just now. Please try again shortly.',
  domainTaken: 'This domain signs in to another company.',
  needsClient: 'Enter the client ID and secret your provider gave you.',
  needsDomain: 'Enter at least one domain.',
} as const;
