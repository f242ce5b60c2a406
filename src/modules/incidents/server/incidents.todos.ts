// The to-dos the incidents module sends, each with what ends it (declared in incidents.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';
import { todoSubject } from '../../../server/notifications/resolve-todos';

/** The owners told an incident must be reported to the HSE under RIDDOR. */
export const INCIDENT_RIDDOR_REPORT = {
  kind: 'incident.riddor-report',
  endedBy: 'the report to the HSE is recorded on the incident, or the incident is deleted',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const incidentsTodos: readonly TodoDeclaration[] = [INCIDENT_RIDDOR_REPORT];

/** No notification links to an incident (its reminder carries the record's address), so it names its own key. */
export const incidentSubject = (id: string) => todoSubject('incident', id);
