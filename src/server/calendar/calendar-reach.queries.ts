// Whose entries a calendar viewer may see, one rule for every kind that belongs to people
// (absences, shifts): from the viewer's level on the kind's endpoint, the company at company
// scope (owners, HR admins), at department scope themselves, the people of their departments
// and their line reports (a manager), else only themselves.
import { sql, type RawBuilder } from 'kysely';
import { levelFor, type HttpMethod } from '../../shared/scopes';
import type { Session } from '../plugins/request-context';

export type CalendarViewer = { reach: 'own' | 'department' | 'company'; userId: string; departmentIds: readonly string[] };

const NONE = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NONE]);

/** The viewer as `endpoint`/`method` lets them see people; null without the permission at all. */
export function calendarViewer(session: Session, endpoint: string, method: HttpMethod = 'GET'): CalendarViewer | null {
  const level = levelFor(session.permissions, endpoint, method);
  if (level === null) return null;
  const reach = level === 'company' || level === 'global' ? 'company' : level === 'department' ? 'department' : 'own';
  return { reach, userId: session.userId, departmentIds: session.departmentIds };
}

/** The person in `column` (a user id of the viewer's company) is one the viewer may see. */
export function personInReach(column: RawBuilder<unknown>, viewer: CalendarViewer): RawBuilder<boolean> {
  if (viewer.reach === 'company') return sql<boolean>`true`;
  if (viewer.reach === 'own') return sql<boolean>`(${column} = ${viewer.userId})`;
  const departments = uuids(viewer.departmentIds);
  return sql<boolean>`(${column} = ${viewer.userId}
    or ${column} in (select du.id from users du where du.department_id = any(${departments}::uuid[]))
    or ${column} in (select ud.user_id from user_departments ud where ud.department_id = any(${departments}::uuid[]))
    or ${column} in (select lm.user_id from user_line_managers lm where lm.manager_id = ${viewer.userId}))`;
}
