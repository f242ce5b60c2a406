// The companies demo (after the demo company is made): five more customers, so the
// administrators' screens show something — active ones with people and seats, one on hold
// (its owner, signing in with the demo password, is told the account is temporarily on hold), one
// disabled, one whose owner is invited and has not yet accepted — and orders waiting in the
// queue, one confirmed with its invoice, one declined. The demo company itself is left as it is
// but for one order of its own waiting. Written once: a second run finds the first company.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import { recordAudit } from '../../../server/audit/audit.queries';
import { identityOf } from '../../../server/module-hooks';
import { roleTemplates } from '../../../server/roles';
import type { DemoCompany } from '../../../server/server-module';
import type { CompanyStatus, Product } from '../companies.contract';
import { monthlyPerSeat, PRODUCT_PRICES_PENCE } from '../orders.contract';
import { productColumns } from './companies.queries';
import { insertOrder } from './orders.queries';

type DemoCustomer = {
  name: string;
  number: string;
  sector: string;
  address: string;
  products: Product[];
  seats: number;
  status: CompanyStatus;
  reason?: string;
  domain: string;
  owner: [string, string];
  ownerInvited?: boolean;
  people: [string, string][];
  daysOld: number;
  lastActiveDaysAgo: number | null;
};

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    name: 'Harbour Bakery Ltd',
    number: '09876543',
    sector: 'Food production',
    address: '14 Quay Street\nFalmouth\nTR11 3HH',
    products: ['hr', 'hs'],
    seats: 25,
    status: 'active',
    domain: 'harbourbakery.test',
    owner: ['Priya', 'Shah'],
    people: [
      ['Tom', 'Penrose'],
      ['Jess', 'Trelawny'],
      ['Amir', 'Haddad'],
      ['Lucy', 'Moyle'],
      ['Sam', 'Curnow'],
    ],
    daysOld: 420,
    lastActiveDaysAgo: 0,
  },
  {
    name: 'Northgate Dental Care',
    number: '11223344',
    sector: 'Healthcare',
    address: '3 Northgate\nChester\nCH1 2HA',
    products: ['hr'],
    seats: 12,
    status: 'active',
    domain: 'northgatedental.test',
    owner: ['Gareth', 'Lloyd'],
    people: [
      ['Megan', 'Price'],
      ['Owain', 'Roberts'],
      ['Hannah', 'Jenkins'],
    ],
    daysOld: 210,
    lastActiveDaysAgo: 2,
  },
  {
    name: 'Brightwater Lettings',
    number: 'SC654321',
    sector: 'Property',
    address: '88 Union Street\nAberdeen\nAB11 6BD',
    products: ['hr', 'documents'],
    seats: 8,
    status: 'on_hold',
    reason: 'Invoice SL-000112 unpaid for 60 days; on hold until it is paid (agreed with the director by phone).',
    domain: 'brightwater.test',
    owner: ['Fiona', 'Mackay'],
    people: [
      ['Callum', 'Reid'],
      ['Isla', 'Fraser'],
    ],
    daysOld: 540,
    lastActiveDaysAgo: 19,
  },
  {
    name: 'Kestrel Logistics Ltd',
    number: '07766554',
    sector: 'Transport and logistics',
    address: 'Unit 7, Marsh Lane Trading Estate\nBootle\nL20 4JD',
    products: ['hs'],
    seats: 40,
    status: 'disabled',
    reason: 'Contract ended at the customer’s request; records kept for six years.',
    domain: 'kestrel-logistics.test',
    owner: ['Dave', 'Kirkby'],
    people: [['Andy', 'Doyle']],
    daysOld: 900,
    lastActiveDaysAgo: 75,
  },
  {
    name: 'Meadowview Care Home',
    number: '10293847',
    sector: 'Social care',
    address: 'Meadow Lane\nStamford\nPE9 1QT',
    products: ['hr', 'hs', 'documents'],
    seats: 60,
    status: 'active',
    domain: 'meadowviewcare.test',
    owner: ['Grace', 'Okafor'],
    ownerInvited: true,
    people: [],
    daysOld: 1,
    lastActiveDaysAgo: null,
  },
];

/** The people the demo customers hold (their owners and employees), for the seed's count of users. */
export const DEMO_CUSTOMER_PEOPLE_COUNT = DEMO_CUSTOMERS.reduce((sum, customer) => sum + 1 + customer.people.length, 0);

const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

export async function seedCompaniesDemo(trx: Trx, demo: DemoCompany): Promise<void> {
  const first = DEMO_CUSTOMERS[0];
  const identity = identityOf(demo.modules ?? []);
  if (!first || (await identity.emailExists(trx, `${first.owner[0].toLowerCase()}@${first.domain}`))) return;
  const templates = roleTemplates(demo.modules ?? []).company;
  const companies = new Map<string, { id: string; owner: string }>();
  for (const customer of DEMO_CUSTOMERS) {
    const { companyId, roles, departments } = await identity.setUpCompany(trx, {
      name: customer.name,
      number: customer.number,
      sectorName: customer.sector,
      roles: templates,
      departments: ['Office', 'Team'],
    });
    await trx
      .updateTable('companies')
      .set({
        address: customer.address,
        seats: customer.seats,
        ...productColumns(customer.products),
        status: customer.status,
        status_reason: customer.reason ?? null,
        status_changed_at: customer.reason ? ago(Math.min(customer.daysOld, 14)) : null,
        created_at: ago(customer.daysOld),
      })
      .where('id', '=', companyId)
      .execute();
    const owner = await identity.createAccount(trx, {
      companyId,
      email: `${customer.owner[0].toLowerCase()}@${customer.domain}`,
      firstName: customer.owner[0],
      surname: customer.owner[1],
      passwordHash: customer.ownerInvited ? null : demo.passwordHash,
      status: customer.ownerInvited ? 'invited' : 'active',
      roleId: roles.get('Owner') ?? null,
      departmentId: departments.Office ?? null,
      authorisedContact: true,
    });
    for (const [firstName, surname] of customer.people) {
      await identity.createAccount(trx, {
        companyId,
        email: `${firstName}.${surname}@${customer.domain}`.toLowerCase(),
        firstName,
        surname,
        passwordHash: demo.passwordHash,
        status: 'active',
        roleId: roles.get('Employee') ?? null,
        departmentId: departments.Team ?? null,
      });
    }
    if (customer.lastActiveDaysAgo !== null) {
      // A past session of the owner's, ended: what "last active" reads.
      await trx
        .insertInto('sessions')
        .values({
          user_id: owner,
          company_id: companyId,
          created_at: ago(customer.lastActiveDaysAgo),
          last_seen_at: ago(customer.lastActiveDaysAgo),
          expires_at: ago(customer.lastActiveDaysAgo),
          revoked_at: ago(customer.lastActiveDaysAgo),
        })
        .execute();
    }
    companies.set(customer.name, { id: companyId, owner });
    // What the platform audit shows for it: made by the demo administrator, and its status change.
    const actorId = demo.accounts['admin@stafflane.test'] ?? null;
    const entry = { ip: null, userAgent: null, actorId, companyId, targetType: 'company', targetId: companyId };
    await recordAudit(trx, {
      ...entry,
      action: 'company.created',
      details: { name: customer.name, products: customer.products, seats: customer.seats },
    });
    if (customer.reason) {
      await recordAudit(trx, {
        ...entry,
        action: 'company.status_changed',
        details: { from: 'active', to: customer.status, reason: customer.reason },
      });
    }
  }

  const harbour = companies.get('Harbour Bakery Ltd');
  const northgate = companies.get('Northgate Dental Care');
  const administrator = demo.accounts['admin@stafflane.test'] ?? null;
  if (harbour) {
    const confirmed = await insertOrder(trx, {
      companyId: harbour.id,
      kind: 'seats',
      product: null,
      seats: 5,
      amountPence: 5 * monthlyPerSeat(['hr', 'hs']),
      note: 'Two new bakers and the summer café staff.',
      orderedBy: harbour.owner,
    });
    await trx
      .updateTable('company_orders')
      .set({ status: 'confirmed', ordered_at: ago(40), decided_at: ago(39), decided_by: administrator })
      .where('id', '=', confirmed)
      .execute();
    const waiting = await insertOrder(trx, {
      companyId: harbour.id,
      kind: 'seats',
      product: null,
      seats: 10,
      amountPence: 10 * monthlyPerSeat(['hr', 'hs']),
      note: 'Opening a second shop in Penryn in the spring.',
      orderedBy: harbour.owner,
    });
    await trx
      .updateTable('company_orders')
      .set({ ordered_at: ago(1) })
      .where('id', '=', waiting)
      .execute();
  }
  if (northgate) {
    const declined = await insertOrder(trx, {
      companyId: northgate.id,
      kind: 'seats',
      product: null,
      seats: 200,
      amountPence: 200 * monthlyPerSeat(['hr']),
      note: null,
      orderedBy: northgate.owner,
    });
    await trx
      .updateTable('company_orders')
      .set({
        status: 'declined',
        ordered_at: ago(20),
        decided_at: ago(19),
        decided_by: administrator,
        decline_reason: 'Looks like a typo (200 rather than 2?): please order again with the number you need.',
      })
      .where('id', '=', declined)
      .execute();
    await insertOrder(trx, {
      companyId: northgate.id,
      kind: 'product',
      product: 'hs',
      seats: null,
      amountPence: PRODUCT_PRICES_PENCE.hs * 12,
      note: 'We need the COSHH and fire risk assessment documents.',
      orderedBy: northgate.owner,
    });
  }
  const demoOwner = demo.accounts['owner@demo.test'];
  if (demoOwner) {
    await insertOrder(trx, {
      companyId: demo.companyId,
      kind: 'product',
      product: 'documents',
      seats: null,
      amountPence: PRODUCT_PRICES_PENCE.documents * 40,
      note: 'For the seasonal kitchen staff, who only need their contracts and policies.',
      orderedBy: demoOwner,
    });
  }
}
