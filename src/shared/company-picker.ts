// The administrators' company pickers (asking for access, aiming an alert) search the
// companies list and show each company by its name and number.

/** GET ?search=&limit=: a page of companies, each with at least these fields. */
export const COMPANIES_ENDPOINT = '/api/companies';

export type PickableCompany = { id: string; name: string; number: string | null };

/** How a company reads in a picker: its name, with its number when it has one. */
export function companyLabel(company: Pick<PickableCompany, 'name' | 'number'>): string {
  return company.number ? `${company.name} (${company.number})` : company.name;
}
