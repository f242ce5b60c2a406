// What the identity screens say when a call fails: the server's field errors and message
// for a 422 ("Please check provided details."), a plain sentence otherwise.
import { isApiError } from '../../../client/api/api-client';
import type { FieldErrors } from '../../../shared/app-error';
import { loginMessages } from '../auth.contract';
import { CHECK_DETAILS } from './login-failure';

export const OFFLINE = 'You are offline. Please connect to the internet and try again.';

export type FormProblem = { message: string; fieldErrors?: FieldErrors };

export function formProblem(error: unknown): FormProblem {
  if (!isApiError(error)) return { message: navigator.onLine ? loginMessages.serverError : OFFLINE };
  if (error.status === 422) return { message: CHECK_DETAILS, fieldErrors: error.fieldErrors };
  if (error.status >= 500) return { message: loginMessages.serverError };
  return { message: error.message };
}
