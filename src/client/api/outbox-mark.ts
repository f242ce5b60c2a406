// What marks a write queueable, and the contract check every queueable write passes before it
// is sent or queued: the body (or, for a file, the record sent beside it) is parsed with the
// same contract schema the server's route parses, so a write the server would refuse later is
// refused in the form now, with the server's field messages, online and offline alike.
import * as v from 'valibot';
import { messageForStatus, type FieldErrors } from '../../shared/app-error';
import { fieldErrorsFromIssues } from '../../shared/validation';

/** A queueable write: the resource it belongs to (as the API spells it) and what the user did, in words. */
export type OutboxMark = {
  resource: string;
  label: string;
  /**
   * The contract schema the server's route parses this write's body with; null only when there
   * is nothing a person typed to check (no body, or a file alone).
   */
  schema: v.GenericSchema | null;
  /** What `schema` checks when the body is a FormData (the record sent beside a file); the body otherwise. */
  input?: unknown;
  /**
   * The form that makes this write (a path, "/expenses/new"): the outbox opens it with the queued
   * values to correct them. Null only for a write with nothing in it a person would correct in a
   * form (a tap: an acknowledgement, a clock event; a file that can only be chosen again), whose
   * refusal the outbox offers to Retry or Discard. Every null is listed, with its reason, in
   * src/app/client/queued-writes-forms.test.ts.
   */
  form: string | null;
  /** What the outbox's button that opens `form` says, when that form opens something other than the queued values to correct. */
  formAction?: string;
};

/** The 422 body the server would answer for this write, or null when its contract takes it. */
export function contractRefusal(mark: OutboxMark, body: unknown): { code: 'validation'; message: string; errors: FieldErrors } | null {
  if (!mark.schema) return null;
  const input = mark.input !== undefined || body instanceof FormData ? mark.input : body;
  const result = v.safeParse(mark.schema, input);
  if (result.success) return null;
  const errors = fieldErrorsFromIssues(result.issues);
  return { code: 'validation', message: messageForStatus(422), errors };
}
