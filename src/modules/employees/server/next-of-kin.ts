// Next of kin (`user-next-of-kin`, filters user_id and page): a person's list, and
// create, change and delete of one entry, each checked against the person it belongs to.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { mountResource } from '../../../server/http/resource';
import {
  CreateNextOfKinInputSchema,
  FindNextOfKinQuerySchema,
  personalRecordEndpoints,
  personalRecordResources,
  UpdateNextOfKinInputSchema,
} from '../personal-records.contract';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { withPersonRecord } from './personal-records-access';
import { announceWrite } from './employment-records-access';
import { createNextOfKin, deleteUserRecord, findNextOfKin, updateNextOfKin } from './personal-records.queries';

const endpoint = personalRecordEndpoints.nextOfKin;
const resource = personalRecordResources.nextOfKin;
const person = (context: PersonContext) => ({ companyId: context.subject.companyId, userId: context.subject.userId });
type KinFields = { name: string; relationship: string; phone?: string | null; email?: string | null; address?: string | null };
/** Fields left out are cleared: the form always sends the whole entry. */
const kinValues = ({ name, relationship, phone, email, address }: KinFields) => ({
  name,
  relationship,
  phone: phone ?? null,
  email: email ?? null,
  address: address ?? null,
});

export function mountNextOfKin(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: resource,
    list: {
      query: FindNextOfKinQuerySchema,
      handler: ({ db, session, query, paging }) =>
        withPerson(db, { session, userId: query.user_id, endpoint, method: 'GET' }, (p) => findNextOfKin(p.trx, { ...person(p), paging })),
    },
    create: {
      body: CreateNextOfKinInputSchema,
      handler: ({ db, session, request, body }) =>
        withPerson(db, { session, userId: body.user_id, endpoint, method: 'POST' }, async (p) => {
          const created = await createNextOfKin(p.trx, { ...person(p), values: kinValues(body) });
          await announceWrite(auditCallerOf(request), p, { resource, action: 'user_next_of_kin.created', details: { id: created.id } });
          return created;
        }),
    },
    update: {
      body: UpdateNextOfKinInputSchema,
      handler: ({ db, session, request, id, body }) =>
        withPersonRecord(db, { session, table: 'user_next_of_kin', id, endpoint, method: 'PUT' }, async (p) => {
          const updated = await updateNextOfKin(p.trx, { ...person(p), id, values: kinValues(body) });
          if (updated) await announceWrite(auditCallerOf(request), p, { resource, action: 'user_next_of_kin.updated', details: { id } });
          return updated;
        }),
    },
    delete: {
      handler: async ({ db, session, request, id }) =>
        (await withPersonRecord(db, { session, table: 'user_next_of_kin', id, endpoint, method: 'DELETE' }, async (p) => {
          const deleted = await deleteUserRecord(p.trx, { ...person(p), table: 'user_next_of_kin', id });
          if (deleted) await announceWrite(auditCallerOf(request), p, { resource, action: 'user_next_of_kin.deleted', details: { id } });
          return deleted;
        })) ?? false,
    },
    validate: { body: CreateNextOfKinInputSchema },
  });
}
