// Employee records, part A: personal details (with the special-category gate),
// contact details, about me, next of kin, notes and custom form fields.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { mountUserCustomFields } from './custom-field-values';
import { mountPersonDetails } from './personal-details';
import { mountNextOfKin } from './next-of-kin';
import { mountUserNotes } from './user-notes';

export const personalRecordsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountPersonDetails(app, deps);
  mountNextOfKin(app, deps);
  mountUserNotes(app, deps);
  mountUserCustomFields(app, deps);
};
