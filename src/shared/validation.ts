// Turns valibot issues into the field-error map of a 422 (`{errors: {field: [messages]}}`),
// with nested fields as dotted paths ("address.postcode", "lines.0.amount").
import * as v from 'valibot';
import type { FieldErrors } from './app-error';

export function fieldErrorsFromIssues(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
