// The one-row-per-person records: personal details, contact details and about me, each read
// and written at /api/{resource}/{userId} (PUT upserts the fields given). The special-category
// and financial fields of personal details need one more permission (see employees.policy):
// without it they are left out of the answer, and a change touching them is refused.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf, type AuditCaller } from '../../../server/audit/audit-entry';
import { mountResource, type ResourceRecordContext } from '../../../server/http/resource';
import { AppError } from '../../../shared/app-error';
import type { HttpMethod } from '../../../shared/scopes';
import {
  personalRecordEndpoints,
  personalRecordResources,
  SPECIAL_CATEGORY_FIELDS,
  UpdateAboutMeInputSchema,
  UpdateContactDetailsInputSchema,
  UpdatePersonalDetailsInputSchema,
  type AboutMe,
  type ContactDetails,
  type PersonalDetails,
} from '../personal-records.contract';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { auditPerson, seesSpecialCategory } from './person-access';
import { fieldsOf } from './personal-records-access';
import { announceWrite } from './employment-records-access';
import {
  getAboutMeRow,
  getContactDetailsRow,
  getPersonalDetailsRow,
  upsertAboutMe,
  upsertContactDetails,
  upsertPersonalDetails,
} from './personal-records.queries';

const person = (context: PersonContext) => ({ companyId: context.subject.companyId, userId: context.subject.userId });

const inPerson = <T>(context: ResourceRecordContext, endpoint: string, method: HttpMethod, fn: (person: PersonContext) => Promise<T>) =>
  withPerson(context.db, { session: context.session, userId: context.id, endpoint, method }, fn);

/** The answer of GET and PUT: special-category keys only for those who may see them, and each such answer audited. */
async function readPersonalDetails(caller: AuditCaller, personContext: PersonContext): Promise<PersonalDetails> {
  const row = await getPersonalDetailsRow(personContext.trx, person(personContext));
  const special = seesSpecialCategory(personContext);
  const details: PersonalDetails = {
    user_id: personContext.subject.userId,
    date_of_birth: row?.date_of_birth ?? null,
    gender: row?.gender ?? null,
    nationality: row?.nationality ?? null,
    special_category: special,
  };
  if (!special) return details;
  await auditPerson(caller, personContext, 'user_personal_details.read');
  for (const field of SPECIAL_CATEGORY_FIELDS) details[field] = row?.[field] ?? null;
  return details;
}

async function readContactDetails(personContext: PersonContext): Promise<ContactDetails> {
  const row = await getContactDetailsRow(personContext.trx, person(personContext));
  return {
    user_id: personContext.subject.userId,
    address_line1: row?.address_line1 ?? null,
    address_line2: row?.address_line2 ?? null,
    town: row?.town ?? null,
    county: row?.county ?? null,
    postcode: row?.postcode ?? null,
    home_phone: row?.home_phone ?? null,
    mobile_phone: row?.mobile_phone ?? null,
    work_phone: row?.work_phone ?? null,
    work_extension: row?.work_extension ?? null,
    personal_email: row?.personal_email ?? null,
  };
}

async function readAboutMe(personContext: PersonContext): Promise<AboutMe> {
  const row = await getAboutMeRow(personContext.trx, person(personContext));
  return { user_id: personContext.subject.userId, about: row?.about ?? '', interests: row?.interests ?? '' };
}

export function mountPersonDetails(app: FastifyInstance, deps: AppDeps): void {
  const personal = personalRecordEndpoints.personalDetails;
  mountResource(app, deps, {
    name: personalRecordResources.personalDetails,
    get: { handler: (context) => inPerson(context, personal, 'GET', (p) => readPersonalDetails(auditCallerOf(context.request), p)) },
    update: {
      body: UpdatePersonalDetailsInputSchema,
      handler: (context) =>
        inPerson(context, personal, 'PUT', async (p) => {
          const caller = auditCallerOf(context.request);
          const touchesSpecial = SPECIAL_CATEGORY_FIELDS.some((field) => context.body[field] !== undefined);
          if (touchesSpecial && !seesSpecialCategory(p, 'PUT')) throw AppError.forbidden();
          await upsertPersonalDetails(p.trx, { ...person(p), change: context.body });
          await announceWrite(caller, p, {
            resource: personalRecordResources.personalDetails,
            action: 'user_personal_details.updated',
            details: fieldsOf(context.body),
          });
          return readPersonalDetails(caller, p);
        }),
    },
    validate: { body: UpdatePersonalDetailsInputSchema, method: 'PUT' },
  });

  const contact = personalRecordEndpoints.contactDetails;
  mountResource(app, deps, {
    name: personalRecordResources.contactDetails,
    get: { handler: (context) => inPerson(context, contact, 'GET', readContactDetails) },
    update: {
      body: UpdateContactDetailsInputSchema,
      handler: (context) =>
        inPerson(context, contact, 'PUT', async (p) => {
          await upsertContactDetails(p.trx, { ...person(p), change: context.body });
          await announceWrite(auditCallerOf(context.request), p, {
            resource: personalRecordResources.contactDetails,
            action: 'user_contact_details.updated',
            details: fieldsOf(context.body),
          });
          return readContactDetails(p);
        }),
    },
    validate: { body: UpdateContactDetailsInputSchema, method: 'PUT' },
  });

  const about = personalRecordEndpoints.aboutMe;
  mountResource(app, deps, {
    name: personalRecordResources.aboutMe,
    get: { handler: (context) => inPerson(context, about, 'GET', readAboutMe) },
    update: {
      body: UpdateAboutMeInputSchema,
      handler: (context) =>
        inPerson(context, about, 'PUT', async (p) => {
          await upsertAboutMe(p.trx, { ...person(p), change: context.body });
          await announceWrite(auditCallerOf(context.request), p, {
            resource: personalRecordResources.aboutMe,
            action: 'user_about_me.updated',
            details: fieldsOf(context.body),
          });
          return readAboutMe(p);
        }),
    },
    validate: { body: UpdateAboutMeInputSchema, method: 'PUT' },
  });
}
