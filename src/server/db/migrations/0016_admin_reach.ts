import { sql, type Kysely } from 'kysely';

// Administrators (roles of no company) keep the platform's endpoints only: alerts, access
// requests, the companies list, the contact requests sent to Stafflane and expert articles. A
// company's people, leave, organisation lists and settings need an impersonated session under
// an approved access request. These are the entries earlier templates and migrations gave them.
const COMPANY_DATA_ENDPOINTS = [
  '/api/user-basic',
  '/api/user-absence',
  '/api/user-expense',
  '/api/user-overtime',
  '/api/approve-overtime',
  '/api/hr-task',
  '/api/hs-task',
  '/api/incident-log',
  '/api/document',
  '/api/notices',
  '/api/absence-reports',
  '/api/rota',
  '/api/company-settings',
  '/api/user-settings',
  '/api/user-personal-details',
  '/api/user-special-category',
  '/api/user-contact-details',
  '/api/user-about-me',
  '/api/user-next-of-kin',
  '/api/user-job-title',
  '/api/user-employment-details',
  '/api/user-contract',
  '/api/user-work-permit',
  '/api/user-pay-rate',
  '/api/user-working-pattern',
  '/api/user-notes',
  '/api/user-user-tags',
  '/api/user-custom-fields',
  '/api/user-bank-holidays',
  '/api/user-setup-complete',
  '/api/user-export',
  '/api/user-terminate',
  '/api/user-cancel-termination',
  '/api/users',
  '/api/user-tags',
  '/api/company-location',
  '/api/departments',
  '/api/user-managed-department',
  '/api/company-position',
  '/api/contract-type',
  '/api/termination-reason',
  '/api/working-pattern-templates',
  '/api/company-pay-rate-type',
  '/api/custom-form-fields',
  '/api/terms-and-conditions',
  '/api/company-notes',
  '/api/user-icalendar-token-reset',
  '/api/user-absence-policy',
  '/api/user-absence-period',
  '/api/user-absence-period-value',
  '/api/user-absence-period-value-log',
  '/api/create-new-period',
  '/api/absence-policy-template',
  '/api/blocked-date-period',
  '/api/leave-type',
  '/api/bank-holidays',
  '/api/company-leave-settings',
  '/api/approve-absence',
  '/api/return-to-work',
  '/api/user-suggested-absence',
  '/api/bradford-factor',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

const administratorRoles = sql`SELECT id FROM roles WHERE name = 'Administrator' AND company_id IS NULL`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT set_config('app.scope', 'system', true)`.execute(db);
  await sql`
    DELETE FROM role_permissions
    WHERE role_id IN (${administratorRoles})
      AND (endpoint = ANY(${COMPANY_DATA_ENDPOINTS}::text[]) OR (endpoint = '/api/contact-us' AND method <> 'GET'))`.execute(db);
  await sql`SELECT set_config('app.scope', '', true)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT set_config('app.scope', 'system', true)`.execute(db);
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, NULL, e.endpoint, m.method, 'global'
    FROM (${administratorRoles}) AS r
    CROSS JOIN unnest(${[...COMPANY_DATA_ENDPOINTS, '/api/contact-us']}::text[]) AS e(endpoint)
    CROSS JOIN unnest(${METHODS}::text[]) AS m(method)
    WHERE m.method = 'GET' OR e.endpoint NOT IN ('/api/user-suggested-absence', '/api/bradford-factor')
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT set_config('app.scope', '', true)`.execute(db);
}
