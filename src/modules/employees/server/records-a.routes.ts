// Employee records, part A (issue 6): personal details (with the special-category gate),
// contact details, about me, next of kin, notes and custom form fields.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app';
import { mountUserCustomFields } from './records-a-custom-fields';
import { mountPersonDetails } from './records-a-details';
import { mountNextOfKin } from './records-a-kin';
import { mountUserNotes } from './records-a-notes';

export const recordsARoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  mountPersonDetails(app);
  mountNextOfKin(app);
  mountUserNotes(app);
  mountUserCustomFields(app);
};
