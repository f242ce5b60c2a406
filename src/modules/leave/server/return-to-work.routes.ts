// Leave and absences — return-to-work part: items, self-certification, fit notes, reviews.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app';

export function mountReturnToWork(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
