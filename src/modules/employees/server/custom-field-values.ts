// Custom form fields filled on the profile (`user-custom-fields/{userId}`): the company's
// fields (set up in settings) in order, each with the person's value. PUT takes
// `{values: {<field id>: value}}` and checks each against its field's type; the person's
// record must still satisfy every required field afterwards.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { mountResource } from '../../../server/http/resource';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { isIsoDate } from '../../../shared/dates';
import { fieldMessages, isSingleLineText } from '../../../shared/validators';
import {
  CUSTOM_TEXT_MAX_LENGTH,
  CUSTOM_TEXTAREA_MAX_LENGTH,
  personalRecordEndpoints,
  personalRecordMessages,
  personalRecordResources,
  UpdateUserCustomFieldsInputSchema,
  type UserCustomField,
  type UserCustomFields,
} from '../personal-records.contract';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { announceWrite } from './employment-records-access';
import { findUserCustomFields, setUserCustomFieldValues } from './personal-records.queries';

const endpoint = personalRecordEndpoints.customFields;
const resource = personalRecordResources.customFields;
const person = (context: PersonContext) => ({ companyId: context.subject.companyId, userId: context.subject.userId });

const read = async (p: PersonContext): Promise<UserCustomFields> => ({
  user_id: p.subject.userId,
  fields: await findUserCustomFields(p.trx, person(p)),
});

/** The message for a value that does not fit its field, or null when it does; '' is "not filled". */
function customFieldProblem(field: Pick<UserCustomField, 'field_type' | 'options' | 'required'>, value: string): string | null {
  if (value === '') return field.required ? fieldMessages.required : null;
  switch (field.field_type) {
    case 'text':
      if (!isSingleLineText(value)) return fieldMessages.singleLine;
      return value.length > CUSTOM_TEXT_MAX_LENGTH ? fieldMessages.maxLength : null;
    case 'textarea':
      return value.length > CUSTOM_TEXTAREA_MAX_LENGTH ? fieldMessages.maxLength : null;
    case 'number':
      return /^-?\d{1,12}(\.\d{1,6})?$/.test(value) ? null : personalRecordMessages.number;
    case 'date':
      return isIsoDate(value) ? null : personalRecordMessages.date;
    case 'select':
      return field.options.includes(value) ? null : personalRecordMessages.option;
    case 'checkbox':
      // An unticked required checkbox is still an answer.
      return value === 'true' || value === 'false' ? null : personalRecordMessages.checkbox;
  }
}

/** The values to write (field id → text, '' to remove) or the field errors, keyed `values.<field id>`. */
export function checkCustomValues(
  fields: readonly UserCustomField[],
  given: Record<string, string | null>,
): { values: Map<string, string>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values = new Map<string, string>();
  const known = new Map(fields.map((field) => [field.id, field]));
  for (const id of Object.keys(given)) if (!known.has(id)) errors[`values.${id}`] = [personalRecordMessages.unknownField];
  for (const field of fields) {
    const sent = Object.hasOwn(given, field.id);
    const value = sent ? (given[field.id] ?? '') : (field.value ?? '');
    // A value kept as it was is only held to "required": its field's options may have changed since.
    const problem = sent ? customFieldProblem(field, value) : value === '' && field.required ? fieldMessages.required : null;
    if (problem) errors[`values.${field.id}`] = [problem];
    else if (sent) values.set(field.id, value);
  }
  return { values, errors };
}

export function mountUserCustomFields(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: resource,
    get: { handler: ({ db, session, id }) => withPerson(db, { session, userId: id, endpoint, method: 'GET' }, read) },
    update: {
      body: UpdateUserCustomFieldsInputSchema,
      handler: ({ db, session, request, id, body }) =>
        withPerson(db, { session, userId: id, endpoint, method: 'PUT' }, async (p) => {
          const { values, errors } = checkCustomValues(await findUserCustomFields(p.trx, person(p)), body.values);
          if (Object.keys(errors).length > 0) throw AppError.validation(errors);
          await setUserCustomFieldValues(p.trx, { ...person(p), values });
          await announceWrite(auditCallerOf(request), p, {
            resource,
            action: 'user_custom_fields.updated',
            details: { fields: [...values.keys()] },
          });
          return read(p);
        }),
    },
  });
}
