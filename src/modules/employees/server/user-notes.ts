// Notes about people (`user-notes`, filters user_id, department_id, company_id and
// type): the list keeps to the people the caller's scope reaches, newest first; a note records
// its author, and only the author or someone over the whole company changes or deletes it.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  CreateUserNoteInputSchema,
  FindUserNotesQuerySchema,
  personalRecordEndpoints,
  personalRecordMessages,
  personalRecordResources,
  UpdateUserNoteInputSchema,
} from '../personal-records.contract';
import { actorOf, withPerson, type PersonContext } from '../../../server/http/person-access';
import { withPersonRecord } from './personal-records-access';
import { announceWrite } from './employment-records-access';
import { createUserNote, deleteUserRecord, findUserNotes, getNoteAuthor, getUserNote, updateUserNote } from './personal-records.queries';

const endpoint = personalRecordEndpoints.notes;
const resource = personalRecordResources.notes;
const person = (context: PersonContext) => ({ companyId: context.subject.companyId, userId: context.subject.userId });

/** The author, or a caller whose level reaches the whole company. */
async function mayChangeNote(context: PersonContext, id: string): Promise<boolean> {
  if (context.level === 'company' || context.level === 'global') return true;
  return (await getNoteAuthor(context.trx, { companyId: context.subject.companyId, id })) === context.session.userId;
}

export function mountUserNotes(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: resource,
    list: {
      query: FindUserNotesQuerySchema,
      handler: async ({ db, session, scope, query, paging }) => {
        const companyId = requireCompany(session);
        // A user's notes are their own company's: another company's filter finds nothing.
        if (query.company_id && query.company_id !== companyId) return { results: [], count: 0 };
        const filters = { userId: query.user_id, departmentId: query.department_id, type: query.type };
        return withTenant(db, companyId, (trx) => findUserNotes(trx, { companyId, scope, actor: actorOf(session), filters, paging }));
      },
    },
    get: {
      handler: ({ db, session, id }) =>
        withPersonRecord(db, { session, table: 'user_notes', id, endpoint, method: 'GET' }, (p) =>
          getUserNote(p.trx, { companyId: p.subject.companyId, id }),
        ),
    },
    create: {
      body: CreateUserNoteInputSchema,
      handler: ({ db, session, request, body }) =>
        withPerson(db, { session, userId: body.user_id, endpoint, method: 'POST' }, async (p) => {
          const id = await createUserNote(p.trx, { ...person(p), type: body.type, body: body.body, authorId: session.userId });
          await announceWrite(auditCallerOf(request), p, { resource, action: 'user_notes.created', details: { id, type: body.type } });
          return getUserNote(p.trx, { companyId: p.subject.companyId, id });
        }),
    },
    update: {
      body: UpdateUserNoteInputSchema,
      handler: ({ db, session, request, id, body }) =>
        withPersonRecord(db, { session, table: 'user_notes', id, endpoint, method: 'PUT' }, async (p) => {
          if (!(await mayChangeNote(p, id))) throw AppError.forbidden(personalRecordMessages.notAuthor);
          if (!(await updateUserNote(p.trx, { ...person(p), id, type: body.type, body: body.body }))) return undefined;
          await announceWrite(auditCallerOf(request), p, { resource, action: 'user_notes.updated', details: { id, type: body.type } });
          return getUserNote(p.trx, { companyId: p.subject.companyId, id });
        }),
    },
    delete: {
      handler: async ({ db, session, request, id }) =>
        (await withPersonRecord(db, { session, table: 'user_notes', id, endpoint, method: 'DELETE' }, async (p) => {
          if (!(await mayChangeNote(p, id))) throw AppError.forbidden(personalRecordMessages.notAuthor);
          const deleted = await deleteUserRecord(p.trx, { ...person(p), table: 'user_notes', id });
          if (deleted) await announceWrite(auditCallerOf(request), p, { resource, action: 'user_notes.deleted', details: { id } });
          return deleted;
        })) ?? false,
    },
    validate: { body: CreateUserNoteInputSchema },
  });
}
