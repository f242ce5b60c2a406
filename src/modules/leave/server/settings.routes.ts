// Leave and absences — policies-and-periods part: leave types, policy templates, company leave settings, blocked dates, bank holidays.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app';

export function mountLeaveSettings(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
