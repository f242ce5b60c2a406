// Leave and absences — policies-and-periods part: policy assignment, periods, values, logs, create-new-period.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app';

export function mountBalances(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
