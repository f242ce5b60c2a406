// `?company_id=` a directory request may carry (the client's generic lists add it). The company
// a request works in is always the caller's own (requireCompany): an administrator, of no
// company, reaches a company's people only as an impersonated session under an approved grant.
import * as v from 'valibot';

export const CompanyIdQuerySchema = v.object({ company_id: v.optional(v.pipe(v.string(), v.uuid('Unknown item.'))) });
