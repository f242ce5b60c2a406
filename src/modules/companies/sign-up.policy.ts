// The rules of company sign-up, pure: how long its link lives, how many requests an address
// and a network may make, what looks like a robot, which network a client is in, and the
// e-mails it sends.
import { signUpMessages, type SignUpValues } from './sign-up.contract';

/** A sign-up link works once, within a day. */
export const SIGN_UP_LINK_SECONDS = 24 * 60 * 60;
/** Requests per e-mail address in 24 hours, and per network (an IPv4 /24, an IPv6 /64) in an hour. */
export const SIGN_UP_LIMITS = { perAddressPerDay: 3, perNetworkPerHour: 10 } as const;
/** A person takes longer than this to fill six fields; a script does not. */
export const SIGN_UP_MIN_FILL_MS = 3_000;

/** The network a client address belongs to: its IPv4 /24 or IPv6 /64 (an IPv4-mapped IPv6 address is IPv4). */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/** The refusal when the address or the network has used its requests (counts before this one). */
export function signUpRefusal(counts: { address: number; network: number }): string | null {
  if (counts.address >= SIGN_UP_LIMITS.perAddressPerDay) return signUpMessages.tooManyForAddress;
  if (counts.network >= SIGN_UP_LIMITS.perNetworkPerHour) return signUpMessages.tooManyFromNetwork;
  return null;
}

/** A filled honeypot or a form sent faster than a person types: accepted in words, dropped in fact. */
export function looksAutomated(input: Pick<SignUpValues, 'company_reference' | 'form_ms'>): boolean {
  return Boolean(input.company_reference) || input.form_ms < SIGN_UP_MIN_FILL_MS;
}

export const SIGN_UP_SUBJECT = 'Confirm your e-mail to set up your company on Stafflane';
export const ALREADY_AN_ACCOUNT_SUBJECT = 'You already have a Stafflane account';

export function signUpMailText(input: { firstName: string; companyName: string; link: string }): string {
  return [
    `Hello ${input.firstName},`,
    '',
    `Thank you for signing ${input.companyName} up to Stafflane. To confirm your e-mail address and set up your company, open this link within the next 24 hours (it works once):`,
    input.link,
    '',
    'You will choose your password and accept the terms and conditions; then a checklist takes you through your departments, your leave policy and your people.',
    '',
    'If you did not sign up, ignore this e-mail: nothing is set up until the link is opened.',
  ].join('\n');
}

export function alreadyAnAccountText(input: { loginLink: string; resetLink: string }): string {
  return [
    'Hello,',
    '',
    'Someone (probably you) asked to sign a company up to Stafflane with this e-mail address, but you already have an account, so nothing new was set up.',
    '',
    `Sign in at ${input.loginLink}`,
    `Forgotten your password? Reset it at ${input.resetLink}`,
    '',
    'If you did not ask, ignore this e-mail.',
  ].join('\n');
}
