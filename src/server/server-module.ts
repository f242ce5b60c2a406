// What a module's server part gives the platform. Each module exports one ServerModule from
// its server/<name>.module.ts; src/server/modules.ts lists them, and the platform collects
// from that list: routes (app.ts), role grants (roles.ts), pending counters
// (GET /api/pending-count), background jobs (jobs/job-list.ts) and demo data (the seed).
import type { FastifyPluginAsync } from 'fastify';
import type { PendingCountKey } from '../shared/pending-count.contract';
import type { AppDeps } from './app-deps';
import type { CalendarSource } from './calendar/calendar-source';
import type { Config } from './config';
import type { Trx } from './db/database';
import type { JobDefinition } from './jobs/job-definition';
import type {
  ContactRequestDesk,
  DaysOff,
  HoursWorkedLedger,
  Identity,
  LeaveImport,
  OvertimeClaims,
  PayrollContributor,
  TimeOffInLieuLedger,
} from './module-hooks';
import type { TodoDeclaration } from './notifications/todo-kinds';
import type { PersonalDataDeclaration } from './personal-data';
import type { PendingCounter } from './pending-count/pending-count.registry';
import type { ReportDefinition } from './reports/report-definition';
import type { RoleGrants } from './roles';

/** The demo company as the platform has made it so far: each module's demo adds to it. */
export type DemoCompany = {
  companyId: string;
  companyName: string;
  /** Department name → id: Office, Operations, Kitchen. */
  departments: Readonly<Record<string, string>>;
  /** Role name → id, the company's roles and the administrators'. */
  roles: ReadonlyMap<string, string>;
  /** E-mail → user id of the demo accounts. */
  accounts: Readonly<Record<string, string>>;
  passwordHash: string;
  /** Builds links in demo e-mails (PUBLIC_ORIGIN, or localhost on PORT). */
  config?: Pick<Config, 'publicOrigin' | 'port'>;
  /** The modules being seeded, for a demo that goes through another module's offer (module-hooks.ts). */
  modules?: readonly ServerModule[];
};

/** Someone just added to a company (Add employee, POST /api/user-basic), in the adding transaction. */
export type PersonAdded = { companyId: string; userId: string; startDate: string | null; actorId: string };

/** A person's working pattern added or changed, in force from `from`, in the transaction that wrote it. */
export type WorkingPatternChanged = { companyId: string; userId: string; from: string; actorId: string };

/** A Stafflane administrator just invited (POST /api/administrators) or removed (DELETE), in that transaction; actorId null: by the server's command line (`npm run admin`). */
export type AdministratorChange = { userId: string; actorId: string | null };

export type ServerModule = {
  name: string;
  routes?: FastifyPluginAsync<{ deps: AppDeps }>;
  /** What each role may do with the module's endpoints (collected into the default roles). */
  grants?: RoleGrants;
  /** The counts this module adds to GET /api/pending-count, one query each. */
  counters?: Partial<Record<PendingCountKey, PendingCounter>>;
  /** Background jobs (pg-boss queues, schedules and handlers) the servers run. */
  jobs?: readonly JobDefinition[];
  /** Reports over the module's data, listed on /reports (the reports module runs and exports them). */
  reports?: readonly ReportDefinition[];
  /** Kinds of dated entries the module shows on /calendar (absences, shifts, tasks due…). */
  calendar?: readonly CalendarSource[];
  /** Seeds the module's demo data into the demo company, after the modules listed before it. */
  demo?: (trx: Trx, company: DemoCompany) => Promise<void>;
  /** Companies, accounts, invitations and e-mail changes, which other modules ask for (the auth module offers them; module-hooks.ts). */
  identity?: Identity;
  /** What the module adds to a pay period's payroll data (src/server/module-hooks.ts). */
  payroll?: PayrollContributor;
  /** The time-off-in-lieu ledger other modules credit (the leave module offers it; module-hooks.ts). */
  timeOffInLieu?: TimeOffInLieuLedger;
  /** A person's allowance and leave taken, as a spreadsheet import has them (the leave module offers it; module-hooks.ts). */
  leaveImport?: LeaveImport;
  /** What a week's approved clocked hours accrue at 12.07% (the leave module offers it; module-hooks.ts). */
  hoursWorked?: HoursWorkedLedger;
  /** Overtime reported as the overtime form does (the overtime module offers it; module-hooks.ts). */
  overtimeClaims?: OvertimeClaims;
  /** The days people are on leave or off sick, which other modules read (the leave module offers it; module-hooks.ts). */
  daysOff?: DaysOff;
  /** Contact requests to the support teams, which other modules file (the support module offers it; module-hooks.ts). */
  contactRequests?: ContactRequestDesk;
  /** Steps of a new company's first-run checklist the module says are done (leave: `leave_policy`, the policy looked at). */
  firstRunSteps?: Readonly<Record<string, (trx: Trx, companyId: string) => Promise<boolean>>>;
  /** Sets up what the module keeps for a new person (leave: the company's default absence policy). */
  onPersonAdded?: (trx: Trx, person: PersonAdded) => Promise<void>;
  /** Follows a person's new or changed working pattern (leave: re-pro-rates the allowance from its start). */
  onWorkingPatternChanged?: (trx: Trx, change: WorkingPatternChanged) => Promise<void>;
  /** Sets up what the module keeps for a new administrator (chat: the support team they start in). */
  onAdministratorAdded?: (trx: Trx, administrator: AdministratorChange) => Promise<void>;
  /** Ends what the module keeps for a removed administrator (chat: their support teams); called before the removal, which a thrown AppError refuses. */
  onAdministratorRemoved?: (trx: Trx, administrator: AdministratorChange) => Promise<void>;
  /** The personal data the module's tables hold: export, retention, the special-category register (personal-data.ts). */
  personalData?: PersonalDataDeclaration;
  /** Each kind of to-do the module sends and the event that ends it (notify refuses an undeclared kind; notifications/todo-kinds.ts). */
  todos?: readonly TodoDeclaration[];
};

/** Every module's onPersonAdded, in the modules' order, in the transaction that added the person. */
export async function announcePersonAdded(modules: readonly ServerModule[], trx: Trx, person: PersonAdded): Promise<void> {
  for (const module of modules) await module.onPersonAdded?.(trx, person);
}

/** Every module's onWorkingPatternChanged, in the modules' order, in the transaction that wrote the pattern. */
export async function announceWorkingPatternChanged(
  modules: readonly ServerModule[],
  trx: Trx,
  change: WorkingPatternChanged,
): Promise<void> {
  for (const module of modules) await module.onWorkingPatternChanged?.(trx, change);
}

/** Every module's onAdministratorAdded, in the modules' order, in the transaction that invited the administrator. */
export async function announceAdministratorAdded(
  modules: readonly ServerModule[],
  trx: Trx,
  administrator: AdministratorChange,
): Promise<void> {
  for (const module of modules) await module.onAdministratorAdded?.(trx, administrator);
}

/** Every module's onAdministratorRemoved, in the modules' order, in the transaction that removes the administrator (before the removal). */
export async function announceAdministratorRemoved(
  modules: readonly ServerModule[],
  trx: Trx,
  administrator: AdministratorChange,
): Promise<void> {
  for (const module of modules) await module.onAdministratorRemoved?.(trx, administrator);
}
