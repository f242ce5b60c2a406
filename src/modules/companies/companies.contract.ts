// Companies as administrators run them (GET/POST/PUT /api/companies): found by name or number,
// filtered by status, product and sector, sorted and paged; made with their owner invited by
// e-mail; put on hold, disabled or made active again with a reason. The company pickers of the
// admin screens (asking for access, aiming an alert) read the same list.
import * as v from 'valibot';
import { RequiredEmailFieldSchema } from '../../shared/email-field';
import { COMPANIES_ENDPOINT } from '../../shared/company-picker';
import type { ListResponse } from '../../shared/list';
import { multilineTextField, requiredMultilineTextField, requiredTextField, searchField, textField } from '../../shared/validators';

export { COMPANIES_ENDPOINT, companyLabel } from '../../shared/company-picker';
export const COMPANIES_RESOURCE = 'companies';

export const companyPaths = {
  companies: COMPANIES_ENDPOINT,
  company: (id: string) => `${COMPANIES_ENDPOINT}/${encodeURIComponent(id)}`,
} as const;

export const COMPANY_STATUSES = ['active', 'on_hold', 'disabled'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = { active: 'Active', on_hold: 'On hold', disabled: 'Disabled' };

/** What a company buys, per person: HR, health and safety, or documents only. */
export const PRODUCTS = ['hr', 'hs', 'documents'] as const;
export type Product = (typeof PRODUCTS)[number];
export const PRODUCT_LABELS: Record<Product, string> = { hr: 'HR', hs: 'H&S', documents: 'Documents only' };

/** How a company came to be: made by an administrator, or signed up by its owner. */
export const COMPANY_SOURCES = ['administrator', 'sign_up'] as const;
export type CompanySource = (typeof COMPANY_SOURCES)[number];
export const COMPANY_SOURCE_LABELS: Record<CompanySource, string> = { administrator: 'Made by an administrator', sign_up: 'Signed up' };

export const COMPANY_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'last_active',
  '-last_active',
  'seats_used',
  '-seats_used',
] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const MAX_SEATS = 100_000;

export type CompanyRow = {
  id: string;
  name: string;
  number: string | null;
  sector_name: string | null;
  address: string | null;
  status: CompanyStatus;
  status_reason: string | null;
  status_changed_at: string | null;
  products: Product[];
  /** People who hold a seat: everyone not terminated. */
  seats_used: number;
  /** null: a company made before seats were counted, never refused a person. */
  seats: number | null;
  created_at: string;
  /** administrator: made in the admin area; sign_up: signed up by its owner (SIGN_UP=open) on `created_at`. */
  source: CompanySource;
  /** The latest sign-in activity of any of its people, or null if none yet. */
  last_active_at: string | null;
};
export type CompanyList = ListResponse<CompanyRow>;

const csvOf = <T extends string>(values: readonly T[], message: string) =>
  v.pipe(
    v.union([v.string(), v.array(v.string())], message),
    // `status=a,b`, `status[]=a&status[]=b`, or the client's `status[]=a,b` (status is a list key).
    v.transform((value) =>
      [value]
        .flat()
        .flatMap((item) => item.split(','))
        .filter((item) => item !== ''),
    ),
    v.array(v.picklist(values, message)),
  );

export const FindCompaniesQuerySchema = v.object({
  search: searchField(100),
  status: v.optional(csvOf(COMPANY_STATUSES, 'Unknown status.')),
  product: v.optional(csvOf(PRODUCTS, 'Unknown product.')),
  sector: v.optional(textField({ maxLength: 100 })),
  source: v.optional(v.picklist(COMPANY_SOURCES, 'Unknown source.')),
  sort: v.optional(v.picklist(COMPANY_SORTS, 'Unknown sort.'), 'name'),
});
export type FindCompaniesQuery = v.InferOutput<typeof FindCompaniesQuerySchema>;

const productsField = v.pipe(
  v.array(v.picklist(PRODUCTS, 'Unknown product.'), 'Choose at least one product.'),
  v.minLength(1, 'Choose at least one product.'),
  v.transform((items) => [...new Set(items)]),
);
const seatsField = v.pipe(
  v.number('Field is required.'),
  v.integer('Seats must be a whole number.'),
  v.minValue(1, 'A company needs at least 1 seat.'),
  v.maxValue(MAX_SEATS, `At most ${MAX_SEATS.toLocaleString('en-GB')} seats.`),
);

export const CreateCompanyInputSchema = v.object(
  {
    name: requiredTextField({ maxLength: 150 }),
    number: v.optional(textField({ maxLength: 20, pattern: { regex: /^[A-Za-z0-9]+$/, message: 'Letters and digits only.' } }), ''),
    sector_name: v.optional(textField({ maxLength: 100 }), ''),
    address: v.optional(multilineTextField({ maxLength: 500 }), ''),
    products: productsField,
    seats: seatsField,
    owner: v.object(
      {
        first_name: requiredTextField({ maxLength: 100 }),
        surname: requiredTextField({ maxLength: 100 }),
        email: RequiredEmailFieldSchema,
      },
      'Field is required.',
    ),
  },
  'Field is required.',
);
export type CreateCompanyInput = v.InferInput<typeof CreateCompanyInputSchema>;

/** The fields administrators may change; a status change needs its reason. */
export const UpdateCompanyInputSchema = v.pipe(
  v.object(
    {
      name: v.optional(requiredTextField({ maxLength: 150 })),
      number: v.optional(textField({ maxLength: 20, pattern: { regex: /^[A-Za-z0-9]+$/, message: 'Letters and digits only.' } })),
      sector_name: v.optional(textField({ maxLength: 100 })),
      address: v.optional(multilineTextField({ maxLength: 500 })),
      products: v.optional(productsField),
      seats: v.optional(seatsField),
      status: v.optional(v.picklist(COMPANY_STATUSES, 'Unknown status.')),
      reason: v.optional(requiredMultilineTextField({ maxLength: 1000 })),
    },
    'Field is required.',
  ),
  v.forward(
    v.check((input) => input.status === undefined || input.reason !== undefined, 'Say why the status changes.'),
    ['reason'],
  ),
);
export type UpdateCompanyInput = v.InferInput<typeof UpdateCompanyInputSchema>;

export type CreatedCompany = { company: CompanyRow; owner: { id: string; email: string } };
