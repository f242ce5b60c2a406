// Request input is parsed with its contract schema before any handler sees it: input that
// does not fit is a 422 with field errors, never a 500.
import * as v from 'valibot';
import { AppError } from '../../shared/app-error';
import { fieldErrorsFromIssues } from '../../shared/validation';

/** The schema's output, or throws a 422 whose `errors` name each field by its dotted path. */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw AppError.validation(fieldErrorsFromIssues(result.issues));
  return result.output;
}
