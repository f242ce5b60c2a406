// The demo company and its accounts, for trying the product out. Seeded on the embedded
// database at first start, or when asked (SEED_DEMO=1, npm run seed); never twice.
import { createRole, createUser, emailExists, setUpCompany } from '../../modules/auth/server/accounts.queries';
import { DEMO_INVITED_ACCOUNT } from '../../modules/auth/server/onboarding-demo';
import { DEMO_CUSTOMER_PEOPLE_COUNT } from '../../modules/companies/server/companies-demo.queries';
import { DEMO_HR_ADMINS, DEMO_PEOPLE_COUNT } from '../../modules/employees/server/people-demo.data';
import { hashPassword } from '../../modules/auth/server/passwords';
import type { Config } from '../../server/config';
import { serverModules } from './modules';
import { declareTodoKinds } from '../../server/notifications/todo-kinds';
import { roleTemplates } from '../../server/roles';
import type { DemoCompany, ServerModule } from '../../server/server-module';
import { withSystem, type Db } from '../../server/db/database';
import type { DemoSeeding, SeedResult as DemoSeedResult } from '../../server/db/open';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.test', role: 'Owner', firstName: 'Olivia', surname: 'Owen', department: 'Office' },
  { email: 'manager@demo.test', role: 'Manager', firstName: 'Marcus', surname: 'Mills', department: 'Operations' },
  { email: 'employee@demo.test', role: 'Employee', firstName: 'Ella', surname: 'Evans', department: 'Operations' },
  { email: 'docs@demo.test', role: 'Docs only', firstName: 'Dan', surname: 'Doyle', department: 'Office' },
  { email: 'admin@stafflane.test', role: 'Administrator', firstName: 'Ada', surname: 'Adams', department: null },
] as const;

/** Every user the demo seeds: the demo accounts, the invited one, the company's further employees and the other customers' people. */
export const DEMO_USER_COUNT = DEMO_ACCOUNTS.length + 1 + DEMO_PEOPLE_COUNT + DEMO_CUSTOMER_PEOPLE_COUNT;

/** Who to sign in as, for the start-up banner: the demo accounts, the invited one, the HR admins, and a count of the rest. */
export function demoAccountLines(): string[] {
  const named = [
    ...DEMO_ACCOUNTS.map((account) => ({ email: account.email, who: account.role })),
    {
      email: DEMO_INVITED_ACCOUNT.email,
      who: `${DEMO_INVITED_ACCOUNT.firstName} ${DEMO_INVITED_ACCOUNT.surname}, invited, no password yet`,
    },
    ...DEMO_HR_ADMINS.map((person) => ({ email: person.email, who: `${person.name}, HR admin` })),
  ];
  const width = Math.max(...named.map((account) => account.email.length)) + 2;
  return [
    ...named.map((account) => `${account.email.padEnd(width)}${account.who}`),
    `…and ${DEMO_PEOPLE_COUNT - DEMO_HR_ADMINS.length} more employees, firstname.surname@demo.test`,
  ];
}

export type SeedResult = DemoSeedResult & { accounts: typeof DEMO_ACCOUNTS };

/** Whether this database holds the demo accounts (so the start-up banner can say so). */
export async function findDemoSeed(db: Db): Promise<SeedResult | null> {
  const present = await withSystem(db, (trx) => emailExists(trx, DEMO_ACCOUNTS[0].email));
  return present ? { created: false, accounts: DEMO_ACCOUNTS } : null;
}

/**
 * The company, its departments, roles and demo accounts, then each module's demo data in
 * module order. `config` builds the demo invitation's link (PUBLIC_ORIGIN, or localhost on PORT).
 */
export async function seedDemo(
  db: Db,
  config?: Pick<Config, 'publicOrigin' | 'port'>,
  modules: readonly ServerModule[] = serverModules,
): Promise<SeedResult> {
  declareTodoKinds(modules);
  // Most starts find the demo company there already: no password hashing (scrypt) for them.
  const found = await findDemoSeed(db);
  if (found) return found;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await withSystem(db, async (trx) => {
    if (await emailExists(trx, DEMO_ACCOUNTS[0].email)) return false;
    const templates = roleTemplates(modules);
    const { companyId, roles, departments } = await setUpCompany(trx, {
      name: 'Demo Ltd',
      number: '01234567',
      sectorName: 'Hospitality',
      roles: templates.company,
      departments: ['Office', 'Operations', 'Kitchen'],
    });
    roles.set(templates.administrator.name, await createRole(trx, { companyId: null, template: templates.administrator }));
    const userIds = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      const isAdmin = account.role === templates.administrator.name;
      const userId = await createUser(trx, {
        companyId: isAdmin ? null : companyId,
        email: account.email,
        firstName: account.firstName,
        surname: account.surname,
        passwordHash,
        status: 'active',
        roleId: roles.get(account.role) ?? null,
        departmentId: account.department ? (departments[account.department] ?? null) : null,
        authorisedContact: account.role === 'Owner',
      });
      userIds.set(account.email, userId);
    }
    const company: DemoCompany = {
      companyId,
      companyName: 'Demo Ltd',
      departments,
      roles,
      accounts: Object.fromEntries(userIds),
      passwordHash,
      ...(config ? { config } : {}),
      modules,
    };
    for (const module of modules) await module.demo?.(trx, company);
    return true;
  });
  return { created, accounts: DEMO_ACCOUNTS };
}

/** What openDatabase seeds with (src/server/db/open.ts). */
export const demoSeeding: DemoSeeding = { seed: (db, config) => seedDemo(db, config), find: findDemoSeed };
