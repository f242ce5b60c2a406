// Profile images (User.profile_image, §7): upload and removal by the user or someone
// who may edit their record; the record and the bytes for their colleagues (with the bearer
// token); and /api/public/file/{id}/{name} for files their owner chose to make public.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withSystem, type Trx } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { inPersonCompany, mayActOn } from '../../../server/http/person-access';
import { parseInput } from '../../../server/http/validate';
import { requireSession, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { fieldErrorsFromIssues } from '../../../shared/validation';
import {
  PROFILE_IMAGE_MAX_BYTES,
  ProfileImageFieldsSchema,
  UpdateProfileImageInputSchema,
  type SettingsSubjectInput,
} from '../../../shared/settings.contract';
import type { SettingsSubject } from '../settings.policy';
import { getProfileImageFile, getPublicFile, setFileVisibility, setProfileImageFile, toProfileImage } from './profile-images.queries';

/** Editing someone else's picture is editing their record: the people endpoint's PUT. */
const USER_RECORD_ENDPOINT = '/api/user-basic';
const IMAGE_TYPES = [FILE_TYPES.png, FILE_TYPES.jpeg, FILE_TYPES.webp];

export const profileImageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** Runs `fn` in the subject's company once the caller may act on the picture in `mode`. */
  const withSubject = <T>(
    request: FastifyRequest,
    mode: 'read' | 'write',
    fn: (trx: Trx, subject: SettingsSubject, session: Session) => Promise<T>,
  ) => {
    const session = requireSession(request);
    const { userId } = request.params as SettingsSubjectInput;
    return inPersonCompany(db, { session, userId }, async (trx, subject) => {
      const self = subject.userId === session.userId;
      // Colleagues see each other's pictures; changing one is the user's or their editor's.
      const allowed =
        mode === 'read' ? subject.companyId === session.companyId : self || mayActOn(session, subject, USER_RECORD_ENDPOINT, 'PUT');
      if (!allowed) throw AppError.forbidden();
      return fn(trx, subject, session);
    });
  };

  const audit = (trx: Trx, input: { request: FastifyRequest; subject: SettingsSubject; action: string }) =>
    auditRequest(trx, input.request, {
      companyId: input.subject.companyId,
      action: input.action,
      targetType: 'user',
      targetId: input.subject.userId,
    });

  app.get('/api/users/:userId/profile-image', { config: { access: 'authenticated' } }, async (request) => {
    // Administrators have no company and so no picture; the top bar asks for theirs too.
    const session = requireSession(request);
    if (session.companyId === null && (request.params as SettingsSubjectInput).userId === session.userId) return null;
    return withSubject(request, 'read', async (trx, subject) => {
      const file = await getProfileImageFile(trx, subject);
      return file ? toProfileImage(file) : null;
    });
  });

  // The private way to the bytes: an authorised GET with the bearer token.
  app.get('/api/user-profile-image/:userId', { config: { access: 'authenticated' } }, async (request, reply) => {
    const file = await withSubject(request, 'read', (trx, subject) => getProfileImageFile(trx, subject));
    if (!file) throw AppError.notFound();
    return sendFile(reply, file);
  });

  app.post('/api/user-profile-image/:userId', { config: { access: 'authenticated' } }, async (request, reply) => {
    // Who may is settled in a short transaction of its own before any byte is read.
    const subject = await withSubject(request, 'write', async (_trx, found) => found);
    const { file, replaced } = await withSubject(request, 'write', async (trx, _subject, session) => {
      const upload = await receiveUpload(request, {
        db: trx,
        companyId: subject.companyId,
        userId: session.userId,
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        allowedTypes: IMAGE_TYPES,
        validateFields: (fields) => {
          const parsed = v.safeParse(ProfileImageFieldsSchema, fields);
          if (!parsed.success) throw AppError.validation(fieldErrorsFromIssues(parsed.issues));
        },
      });
      const { is_public } = parseInput(ProfileImageFieldsSchema, upload.fields);
      const stored =
        is_public === '1' || is_public === 'true'
          ? await setFileVisibility(trx, { companyId: subject.companyId, fileId: upload.file.id, isPublic: true })
          : upload.file;
      const previous = await setProfileImageFile(trx, { companyId: subject.companyId, userId: subject.userId, fileId: stored.id });
      await audit(trx, { request, subject, action: 'profile_image.uploaded' });
      return { file: stored, replaced: previous };
    });
    if (replaced)
      await app.fileStorage
        .delete(replaced.storage_key)
        .catch((error: unknown) => request.log.error({ err: error }, 'could not delete a replaced picture'));
    return reply.code(201).send(toProfileImage(file));
  });

  // Only the visibility changes here; a new picture is a new upload.
  app.put('/api/user-profile-image/:userId', { config: { access: 'authenticated' } }, async (request) => {
    const input = parseInput(UpdateProfileImageInputSchema, request.body);
    return withSubject(request, 'write', async (trx, subject) => {
      const file = await getProfileImageFile(trx, subject);
      if (!file) throw AppError.notFound();
      const updated = await setFileVisibility(trx, { companyId: subject.companyId, fileId: file.id, isPublic: input.is_public });
      await audit(trx, { request, subject, action: 'profile_image.updated' });
      return toProfileImage(updated);
    });
  });

  app.delete('/api/user-profile-image/:userId', { config: { access: 'authenticated' } }, async (request, reply) => {
    const removed = await withSubject(request, 'write', async (trx, subject) => {
      const previous = await setProfileImageFile(trx, { companyId: subject.companyId, userId: subject.userId, fileId: null });
      if (previous) await audit(trx, { request, subject, action: 'profile_image.deleted' });
      return previous;
    });
    if (!removed) throw AppError.notFound();
    await app.fileStorage
      .delete(removed.storage_key)
      .catch((error: unknown) => request.log.error({ err: error }, 'could not delete a removed picture'));
    return reply.code(204).send();
  });

  // Public by the owner's choice: found in the system scope, but only when marked public and
  // asked for by its own name, so an id alone reveals nothing else.
  app.get('/api/public/file/:id/:name', { config: { access: 'public' } }, async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const file = await withSystem(db, (trx) => getPublicFile(trx, { id }));
    if (!file || file.original_name !== name) throw AppError.notFound();
    return sendFile(reply, file);
  });
};
