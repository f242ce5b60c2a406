// Leave and absences — insights part: who is at work, timeline, Bradford factor, calendar feed.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app';

export function mountInsights(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
