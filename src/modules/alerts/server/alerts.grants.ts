// Alerts are written by administrators only: no company role holds /api/alerts.
import { grant, type RoleGrants } from '../../../server/roles';

export const alertsGrants: RoleGrants = { Administrator: grant('/api/alerts', 'global') };
