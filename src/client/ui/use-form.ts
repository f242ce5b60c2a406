// The form state every product form uses: values at dotted paths, checked with the
// contract's valibot schema on submit, optionally asked of the server's validate endpoint,
// then submitted. Field errors from any of the three — the schema, `/validate`, a 422 —
// land on the field named with that path; errors no field of the form shows (such as a
// hidden company_id) are listed by `otherErrors`. An invalid submit and a 422 both show the "Validation failed." toast.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';
import type { FieldErrors } from '../../shared/app-error';
import type { ValidateResponse } from '../../shared/resource-api';
import { resourcePath } from '../../shared/resource-api';
import { fieldErrorsFromIssues } from '../../shared/validation';
import { apiFetch, isApiError } from '../api/api-client';
import { hideValidationFailedToast, showValidationFailedToast } from '../shell/toasts';
import { getPath, normaliseFieldErrors, normalisePath, setPath } from './form-paths';

/** A form's values before they are checked: any field may still be empty (a select starts at null). */
export type Draft<T> = T extends readonly (infer Item)[] ? Draft<Item>[] : T extends object ? { [K in keyof T]: Draft<T[K]> } : T | null;

export type UseFormOptions<TSchema extends v.GenericSchema> = {
  initialValues: Draft<v.InferInput<TSchema>>;
  schema: TSchema;
  onSubmit: (output: v.InferOutput<TSchema>) => unknown;
  /** Asked after the schema passes and before `onSubmit`; field errors stop the submit. */
  serverValidate?: (values: Draft<v.InferInput<TSchema>>) => Promise<FieldErrors>;
  /** Failures other than a 422; the query client has already shown "Error occurred" where it should. */
  onError?: (error: unknown) => void;
  /** Errors to show from the start: the server's, for a refused write the outbox opened again to correct. */
  initialErrors?: FieldErrors;
};

type TextElement = HTMLInputElement | HTMLTextAreaElement;

export function useForm<TSchema extends v.GenericSchema>(options: UseFormOptions<TSchema>) {
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrorMap] = useState<FieldErrors>(() => normaliseFieldErrors(options.initialErrors));
  const [submitting, setSubmitting] = useState(false);
  // The names of the fields the form showed when it was submitted (kit fields are named by
  // their path), to tell errors that land on a field from those no field shows.
  const [shown, setShown] = useState<ReadonlySet<string> | null>(null);

  const setErrors = (next: FieldErrors | undefined) => setErrorMap(normaliseFieldErrors(next));
  const error = (path: string) => errors[normalisePath(path)]?.join(' ');

  const setFieldValue = (path: string, value: unknown) => {
    const key = normalisePath(path);
    setValues((current) => setPath(current, key, value));
    // A changed field's old complaint no longer applies.
    setErrorMap((current) => {
      if (!(key in current)) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const textProps = (path: string) => {
    const key = normalisePath(path);
    const value = getPath(values, key);
    return {
      name: key,
      value: typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value),
      error: error(key),
      onChange: (event: ChangeEvent<TextElement>) => setFieldValue(key, event.currentTarget.value),
    };
  };

  const valueProps = <TValue>(path: string) => {
    const key = normalisePath(path);
    return { name: key, value: getPath(values, key) as TValue, error: error(key), onChange: (value: TValue) => setFieldValue(key, value) };
  };

  const checkboxProps = (path: string) => {
    const key = normalisePath(path);
    return {
      name: key,
      checked: getPath(values, key) === true,
      error: error(key),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setFieldValue(key, event.currentTarget.checked),
    };
  };

  const refuse = (fieldErrors: FieldErrors | undefined) => {
    setErrors(fieldErrors);
    showValidationFailedToast();
  };

  const submit = async () => {
    const parsed = v.safeParse(options.schema, values);
    if (!parsed.success) return refuse(fieldErrorsFromIssues(parsed.issues));
    setErrorMap({});
    setSubmitting(true);
    try {
      if (options.serverValidate) {
        const found = normaliseFieldErrors(await options.serverValidate(values));
        if (Object.keys(found).length > 0) return refuse(found);
      }
      await options.onSubmit(parsed.output);
      hideValidationFailedToast();
    } catch (failure) {
      if (isApiError(failure, 422)) refuse(failure.fieldErrors ?? { _: [failure.message] });
      else options.onError?.(failure);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    errors,
    error,
    submitting,
    setFieldValue,
    setErrors,
    textProps,
    valueProps,
    checkboxProps,
    /** Put on the <form>, so errors for fields it does not show can be told apart. */
    /** Messages no field of the form shows, to put above the buttons. */
    otherErrors: Object.entries(errors)
      .filter(([path]) => (shown ? !shown.has(path) : getPath(values, path) === undefined))
      .flatMap(([, messages]) => messages),
    onSubmit: (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      if (event) setShown(fieldNames(event.currentTarget));
      if (!submitting) void submit();
    },
    reset: (next: Draft<v.InferInput<TSchema>> = options.initialValues) => {
      setValues(next);
      setErrorMap({});
    },
  };
}

function fieldNames(form: HTMLFormElement): Set<string> {
  return new Set(Array.from(form.elements, (element) => (element as HTMLInputElement).name).filter(Boolean));
}

/** `serverValidate` for a resource: POST /api/{resource}/validate with the whole form (nulls kept). */
export function validateOnServer(resource: string) {
  return async (values: unknown): Promise<FieldErrors> => {
    const answer = await apiFetch<ValidateResponse>(`${resourcePath(resource)}/validate`, { method: 'POST', body: values });
    return answer?.errors ?? {};
  };
}
