// Leave and absences — absences part: requests, approvals, cancellations, comments, suggested absence, pending count.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app';

export function mountAbsences(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
