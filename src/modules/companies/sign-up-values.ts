// Company sign-up's paths, answers and value lists, without the schemas: the sign-in page
// (which shows "Sign up" only when sign-up is open) and the confirm-email page read these.
export const SIGN_UP_ENDPOINT = '/api/sign-up';
export const signUpPaths = { signUp: SIGN_UP_ENDPOINT, confirm: `${SIGN_UP_ENDPOINT}/confirm` } as const;
/** /confirm-email?type=sign-up&token=…: the link of the sign-up e-mail. */
export const SIGN_UP_LINK_TYPE = 'sign-up';

/** GET /api/sign-up: whether anyone may sign a company up here, and whom to write to when not. */
export type SignUpStatus = { open: boolean; contact_email: string };

export const SIGN_UP_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type SignUpRegion = (typeof SIGN_UP_REGIONS)[number];
export const SIGN_UP_REGION_LABELS: Record<SignUpRegion, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

/** The honeypot's name: a field people never see; whatever fills it is a robot. */
export const HONEYPOT_FIELD = 'company_reference';
