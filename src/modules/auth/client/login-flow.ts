// The sign-in form's states: credentials, then — when the server asks — the
// two-factor code step with its deadline. A wrong code stays in the code step; the code's
// time running out clears the password, the code and the error and goes back to the start.
// With an authenticator app the step has no countdown and may take a recovery code instead.
import * as v from 'valibot';
import type { FieldErrors } from '../../../shared/app-error';
import { RequiredEmailFieldSchema } from '../../../shared/email-field';
import { fieldErrorsFromIssues } from '../../../shared/validation';
import { LoginInputSchema, type LoginInput, type TwoFactorMethod } from '../auth.contract';
import type { LoginOutcome, LoginProblem } from './login-failure';

export type Challenge = { deadline: number; method: TwoFactorMethod; contact: string };

export type LoginState = {
  step: 'credentials' | 'code';
  email: string;
  password: string;
  code: string;
  fieldErrors: FieldErrors;
  problem: LoginProblem | null;
  challenge: Challenge | null;
  /** "Sign in" was pressed on index.html's static card: submit once the form is on screen. */
  submitPending: boolean;
  /** At the authenticator app's step: a recovery code is being typed instead of the app's code. */
  recovery: boolean;
};

export type LoginAction =
  | { type: 'edit'; field: 'email' | 'password' | 'code'; value: string }
  | { type: 'takeOver'; email: string; password: string; submit: boolean }
  | { type: 'invalid'; fieldErrors: FieldErrors }
  | { type: 'submitted' }
  | { type: 'refused'; outcome: LoginOutcome; now: number }
  | { type: 'expired' }
  | { type: 'restart' }
  | { type: 'recovery'; on: boolean };

export const initialLoginState: LoginState = {
  step: 'credentials',
  email: '',
  password: '',
  code: '',
  fieldErrors: {},
  problem: null,
  challenge: null,
  submitPending: false,
  recovery: false,
};

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'edit':
      return { ...state, [action.field]: action.value };
    case 'takeOver':
      return { ...state, email: action.email || state.email, password: action.password || state.password, submitPending: action.submit };
    case 'invalid':
      return { ...state, fieldErrors: action.fieldErrors, submitPending: false };
    case 'submitted':
      return { ...state, fieldErrors: {}, problem: null, submitPending: false };
    case 'refused': {
      const { outcome } = action;
      if (outcome.kind === 'two_factor') {
        const challenge = { deadline: action.now + outcome.ttl * 1000, method: outcome.method, contact: outcome.contact };
        return { ...state, step: 'code', code: '', problem: null, challenge, recovery: false };
      }
      if (outcome.kind === 'invalid_code' && state.step === 'code') return { ...state, code: '', problem: outcome.problem };
      return {
        ...state,
        step: 'credentials',
        code: '',
        challenge: null,
        problem: outcome.problem,
        fieldErrors: outcome.kind === 'problem' ? (outcome.fieldErrors ?? {}) : {},
      };
    }
    case 'expired':
      return { ...state, step: 'credentials', password: '', code: '', problem: null, challenge: null, fieldErrors: {} };
    case 'restart':
      return { ...initialLoginState, email: state.email };
    case 'recovery':
      return { ...state, recovery: action.on, code: '', problem: null, fieldErrors: {} };
  }
}

// e-mail required and of e-mail type (the e-mail field rules), password required
// with at least 5 characters; the code is required when it is asked for.
const CredentialsSchema = v.object({ email: RequiredEmailFieldSchema, password: LoginInputSchema.entries.password });
const CodeSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('Field is required.'), v.maxLength(20, 'Max length exceeded.'));

/** The request to send for the current step, or the field errors that stop it. */
export function validateLogin(state: LoginState): { input: LoginInput } | { fieldErrors: FieldErrors } {
  const credentials = v.safeParse(CredentialsSchema, { email: state.email, password: state.password });
  if (!credentials.success) return { fieldErrors: fieldErrorsFromIssues(credentials.issues) };
  if (state.step === 'credentials') return { input: credentials.output };
  const code = v.safeParse(CodeSchema, state.code);
  if (!code.success) return { fieldErrors: { two_factor_secret: code.issues.map((issue) => issue.message) } };
  return { input: { ...credentials.output, two_factor_secret: code.output } };
}
