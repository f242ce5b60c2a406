// Impersonation: an administrator asks a company for
// access with a reason and a duration; the company's owner approves or declines; while the
// grant is open the administrator signs in as one of the company's users through a one-time
// token exchanged at /token, and that session carries `imp: true`.
import * as v from 'valibot';
import { requiredMultilineTextField } from '../../shared/validators';
import type { ListResponse } from '../../shared/list';
import type { LoginResponse } from './auth.contract';

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'ended'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** How long a grant may last: from an hour to a week. */
export const ACCESS_DURATION_HOURS = { min: 1, max: 168 } as const;
export const ACCESS_REASON_MAX_LENGTH = 500;
/** A sign-in link from the admin screen is used at once; it lives two minutes. */
export const IMPERSONATION_TOKEN_SECONDS = 120;

export const accessRequestPaths = {
  list: '/api/access-requests',
  one: (id: string) => `/api/access-requests/${id}`,
  end: (id: string) => `/api/access-requests/${id}/end`,
  users: (id: string) => `/api/access-requests/${id}/users`,
  impersonationToken: '/api/impersonation-token',
  exchange: '/api/token',
  /** GET: whose account an impersonated session is in and who is acting, for the banner on every page. */
  impersonation: '/api/impersonation',
} as const;

/** GET /api/impersonation in an impersonated session (404 in any other). */
export type ImpersonationInfo = { user_name: string; administrator_name: string; ends_at: string };

/** The permission endpoint: administrators hold it globally (ask), owners company-wide (decide). */
export const ACCESS_REQUESTS_ENDPOINT = '/api/access-requests';

export const CreateAccessRequestInputSchema = v.object({
  company_id: v.pipe(v.string('Field is required.'), v.uuid('Field is required.')),
  reason: requiredMultilineTextField({ maxLength: ACCESS_REASON_MAX_LENGTH }),
  duration_hours: v.pipe(
    v.number('Field is required.'),
    v.integer('Field is required.'),
    v.minValue(ACCESS_DURATION_HOURS.min, `Value must be greater than or equal ${ACCESS_DURATION_HOURS.min}`),
    v.maxValue(ACCESS_DURATION_HOURS.max, `Value must be lower than or equal ${ACCESS_DURATION_HOURS.max}`),
  ),
});
export type CreateAccessRequestInput = v.InferOutput<typeof CreateAccessRequestInputSchema>;

export const DecideAccessRequestInputSchema = v.object({
  decision: v.picklist(['approve', 'decline'], 'Choose approve or decline.'),
});
export type DecideAccessRequestInput = v.InferOutput<typeof DecideAccessRequestInputSchema>;

export const AccessRequestQuerySchema = v.object({
  status: v.optional(v.array(v.picklist(ACCESS_REQUEST_STATUSES))),
});

export const ImpersonationTokenInputSchema = v.object({
  access_request_id: v.pipe(v.string('Field is required.'), v.uuid('Field is required.')),
  user_id: v.pipe(v.string('Field is required.'), v.uuid('Field is required.')),
});
export type ImpersonationTokenInput = v.InferOutput<typeof ImpersonationTokenInputSchema>;

export const TokenExchangeInputSchema = v.object({
  token: v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.'), v.maxLength(200, 'Max length exceeded.')),
});

export type AccessRequest = {
  id: string;
  company_id: string;
  company_name: string;
  administrator_id: string;
  administrator_name: string;
  reason: string;
  duration_hours: number;
  status: AccessRequestStatus;
  /** true while an approved grant has not ended: the administrator may sign in as its users. */
  open: boolean;
  decided_by_name: string | null;
  decided_at: string | null;
  ends_at: string | null;
  created_at: string;
};
export type AccessRequestList = ListResponse<AccessRequest>;

export type AccessRequestUser = { id: string; first_name: string; surname: string; email: string; role_name: string | null };
export type ImpersonationTokenResponse = { token: string; expires_in: number };
/** POST /api/token: a login response plus the address of the user now signed in as. */
export type ImpersonationSessionResponse = LoginResponse & { email: string };

export const accessRequestMessages = {
  notOpen: 'This access request is not open: it was declined, has ended or has not been approved yet.',
  alreadyDecided: 'This access request has already been decided.',
  decidedByCompany: 'Access requests are decided by the company, not while signed in as one of its users.',
  userNotAvailable: 'This user cannot be signed in as: they are not an active user of the company.',
  tokenInvalid: 'This sign-in link has expired or has already been used. Start again from the administration page.',
} as const;

/** Status words as the screens show them. */
export function accessRequestStatusLabel(request: Pick<AccessRequest, 'status' | 'open'>): string {
  if (request.status === 'approved') return request.open ? 'Access open' : 'Expired';
  return { pending: 'Waiting for decision', declined: 'Declined', ended: 'Ended' }[request.status];
}
