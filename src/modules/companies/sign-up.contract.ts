// Company sign-up (SIGN_UP=open): GET /api/sign-up says whether it is open and whom to write to
// when it is not; POST /api/sign-up asks for a company and e-mails its owner a link;
// POST /api/sign-up/confirm opens that link once — the company and its owner are made then,
// and the answer is an onboarding session like an invitation's, which /welcome finishes.
import * as v from 'valibot';
import { RequiredEmailFieldSchema } from '../../shared/email-field';
import { requiredTextField, textField } from '../../shared/validators';
import { MAX_SEATS } from './companies.contract';
import { HONEYPOT_FIELD, SIGN_UP_REGIONS } from './sign-up-values';

export {
  HONEYPOT_FIELD,
  SIGN_UP_ENDPOINT,
  SIGN_UP_LINK_TYPE,
  SIGN_UP_REGION_LABELS,
  SIGN_UP_REGIONS,
  signUpPaths,
  type SignUpRegion,
  type SignUpStatus,
} from './sign-up-values';

export const SignUpInputSchema = v.object(
  {
    company_name: requiredTextField({ maxLength: 150 }),
    first_name: requiredTextField({ maxLength: 100 }),
    surname: requiredTextField({ maxLength: 100 }),
    email: RequiredEmailFieldSchema,
    employees: v.pipe(
      v.number('Field is required.'),
      v.integer('Enter a whole number.'),
      v.minValue(1, 'Value must be greater than or equal 1'),
      v.maxValue(MAX_SEATS, `Value must be lower than or equal ${MAX_SEATS}`),
    ),
    bank_holiday_region: v.picklist(SIGN_UP_REGIONS, 'Please select a region.'),
    [HONEYPOT_FIELD]: v.optional(textField({ maxLength: 500 }), ''),
    /** How long the form was open before it was sent, in milliseconds (the browser's count). */
    form_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)), 0),
  },
  'Field is required.',
);
export type SignUpInput = v.InferInput<typeof SignUpInputSchema>;
export type SignUpValues = v.InferOutput<typeof SignUpInputSchema>;

/** The same answer whatever became of the request (made, dropped, address already in use). */
export type SignUpAccepted = { email: string };

/** The link's token: base64url, so a pattern that cannot hold a control character. */
export const ConfirmSignUpSchema = v.object(
  {
    token: v.pipe(
      v.string('Field is required.'),
      v.nonEmpty('Field is required.'),
      v.maxLength(200, 'Max length exceeded.'),
      v.regex(/^[\w-]+$/, 'This sign-up link is not valid or has already been used.'),
    ),
  },
  'Field is required.',
);

export const signUpMessages = {
  tooManyForAddress: 'This e-mail address has been used to sign up too many times today. Please try again tomorrow.',
  tooManyFromNetwork: 'Too many sign-ups from your network. Please try again in an hour.',
  linkInvalid: 'This sign-up link is not valid or has already been used.',
  linkExpired: 'This sign-up link has expired. Please sign up again.',
  alreadyAnAccount: 'This e-mail address already has an account. Please sign in instead.',
} as const;
