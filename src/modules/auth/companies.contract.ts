// The companies administrators pick from (asking for access, aiming an alert): a search by
// name or company number, at most 20 answers. Companies are identity data (migration 0003).
import * as v from 'valibot';
import { textField } from '../../shared/validators';

export const COMPANIES_ENDPOINT = '/api/companies';
export const COMPANY_SEARCH_LIMIT = 20;

export const CompanySearchQuerySchema = v.object({
  search: v.optional(textField({ maxLength: 100 }), ''),
});

export type CompanySummary = { id: string; name: string; number: string | null; status: string };

/** How a company reads in a picker: its name, with its number when it has one. */
export function companyLabel(company: Pick<CompanySummary, 'name' | 'number'>): string {
  return company.number ? `${company.name} (${company.number})` : company.name;
}
