// What modules offer one another through their registration, since no module may import
// another's server code: the platform finds the offer in the module list (deps.modules) and
// hands it to whoever asks. Eight offers exist:
//  - `timeOffInLieu` (the leave module): credits and expires time-off-in-lieu hours on a
//    person's leave balance, as logged values with their reason (overtime calls it).
//  - `payroll` (any module): the elements a module adds to a pay period's payroll data —
//    overtime, unpaid and sick days, expenses — each with a stable key, so that what a period
//    exported is never exported again and a late correction lands in the next period.
//  - `contactRequests` (the support module): who a person writing to a support team is, and
//    filing their message as a contact request e-mailed to the team (chat calls it outside
//    support hours).
//  - `leaveImport` (the leave module): a person's allowance and leave taken so far, as an
//    importer of people from a spreadsheet has them (the employees module calls it).
//  - `daysOff` (the leave module): the days named people are on approved leave or off sick,
//    in the caller's company transaction (rotas marks shifts and checks working time with it).
//  - `identity` (the auth module): companies, roles and accounts made the one way, invitations,
//    the onboarding session a proved address opens, and sign-in e-mail changes (companies and
//    employees call it; the links, their tokens and e-mails stay the identity module's).
//  - `hoursWorked` (the leave module): what a week's approved clocked hours accrue for a person
//    whose leave builds from hours worked (12.07%), as one line a week (the time clock calls it).
//  - `overtimeClaims` (the overtime module): overtime reported for a person the way its form
//    does, asking the same approvers (the time clock's offers of time beyond a shift call it).
import type { ContactType } from '../shared/contact-types';
import type { Scope } from '../shared/scopes';
import type { SessionGrant } from '../shared/session.contract';
import type { AppDeps } from './app-deps';
import type { AuditCaller } from './audit/audit-entry';
import type { AuditSource } from './audit/audit.queries';
import type { Config } from './config';
import type { Trx } from './db/database';
import type { Session } from './plugins/request-context';
import type { RoleTemplate } from './roles';

/** One line of payroll data about one person. Amounts in pounds, two decimals. */
export type PayrollElement = {
  userId: string;
  /** The contributing source (a module's name): with `key`, what locks an exported item. */
  source: string;
  /** Stable across builds: e.g. `overtime:{id}` or `absence:{id}:{date}`. */
  key: string;
  /** The day it belongs to (yyyy-MM-dd). */
  date: string;
  /** The element code in payroll imports (OT15, UNPAID, SICK, EXPENSES, MILEAGE_TAX…). */
  code: string;
  /** What the element is, in words: "Overtime at Time and a half (×1.5)". */
  label: string;
  hours?: number | null;
  /** For overtime: the rate's multiplier (payable hours = hours × multiplier). */
  multiplier?: number | null;
  days?: number | null;
  /** For sickness: the days among `days` the person normally works (SSP qualifying days). */
  qualifyingDays?: number | null;
  amount?: number | null;
  /** For amounts: whether payroll taxes it (a mileage excess) or not (a reimbursement). */
  taxable?: boolean | null;
};

/** The window a build asks about: the period `from`–`to`, and `since` (≤ from) for late items of earlier periods. */
export type PayrollWindow = { companyId: string; from: string; to: string; since: string };

export type PayrollContributor = {
  source: string;
  /** The elements dated in [since, to]; the payroll module drops the keys already exported. */
  elements: (trx: Trx, window: PayrollWindow) => Promise<PayrollElement[]>;
  /** Told the keys (of this source) a period has exported: lock the records they came from. */
  markExported?: (trx: Trx, input: { companyId: string; periodId: string; keys: readonly string[] }) => Promise<void>;
};

export type TimeOffInLieuChange = {
  companyId: string;
  userId: string;
  /** The day the hours were worked (which leave year they go to). */
  date: string;
  hours: number;
  reason: string;
  actorId: string | null;
};

/** What a credit became on the person's balance: in the unit of their leave year. */
export type TimeOffInLieuCredit = { amount: number; unit: 'days' | 'hours' };

export type TimeOffInLieuLedger = {
  /** Adds the hours to the person's time-off-in-lieu balance; null when the person has no absence policy. */
  credit: (trx: Trx, change: TimeOffInLieuChange) => Promise<TimeOffInLieuCredit | null>;
  /** Takes back up to the hours (never below zero): an expiry. Returns what was taken, in the balance's unit. */
  expire: (trx: Trx, change: TimeOffInLieuChange) => Promise<number>;
};

/** The person writing to a support team, as the team sees them. */
export type ContactSender = { first_name: string; surname: string; email: string; authorised_contact: boolean; company_name: string };

export type ContactRequestFiling = {
  companyId: string;
  userId: string;
  contactType: ContactType;
  message: string;
  /** Where it was written: the contact form, or chat outside support hours. */
  source: 'form' | 'chat';
  sender: ContactSender;
};

export type ContactRequestDesk = {
  /** The company's user writing, or undefined when they are not one (in the tenant transaction). */
  sender: (trx: Trx, person: { companyId: string; userId: string }) => Promise<ContactSender | undefined>;
  /** Keeps the request and e-mails it to the team's address, in the caller's tenant transaction. */
  file: (trx: Trx, config: Pick<Config, 'teamEmails'>, filing: ContactRequestFiling) => Promise<{ id: string; created_at: string }>;
};

/** A person's leave as the system a company moves from had it: this leave year's allowance and what they have taken. */
export type ImportedLeave = {
  companyId: string;
  userId: string;
  actorId: string;
  /** This leave year's annual-leave allowance, in the unit of the person's leave year; undefined leaves it as it is. */
  allowance?: number;
  /** Annual leave taken this leave year before the import; undefined leaves it as it is. */
  taken?: number;
  today?: string;
};

export type LeaveImport = {
  /**
   * Sets the allowance and logs what was taken as an "Imported" line (a re-import adjusts that
   * line, never adds a second); answers a message instead when the person has no absence policy
   * to hold it. In the importing transaction.
   */
  importLeave: (trx: Trx, leave: ImportedLeave) => Promise<string | null>;
};

/** A day a person is away: approved leave, or sickness (reported sickness counts until decided). */
export type DayOff = { userId: string; date: string; kind: 'leave' | 'sickness'; name: string };

export type DaysOff = {
  /**
   * The days between `from` and `to` (London dates) on which each of `userIds` is away, one a
   * person and day (sickness first), in the caller's tenant transaction. The caller asks only
   * about people it may see.
   */
  find: (trx: Trx, input: { companyId: string; userIds: readonly string[]; from: string; to: string }) => Promise<DayOff[]>;
};

/** Where an account stands: made, invited, set up, ended or locked. */
export type AccountStatus = 'pending' | 'invited' | 'active' | 'terminated' | 'locked';

export type NewAccount = {
  companyId: string | null;
  email: string;
  firstName: string;
  surname: string;
  passwordHash: string | null;
  status: AccountStatus;
  roleId: string | null;
  departmentId?: string | null;
  authorisedContact?: boolean;
  /** A fixed id (demo data that tests and documentation name); generated otherwise. */
  id?: string;
};

export type NewCompany = {
  name: string;
  number?: string;
  sectorName?: string;
  roles: readonly RoleTemplate[];
  departments?: readonly string[];
};

/** Who sends an invitation: the caller's level for PUT /api/user-basic decides whom they may invite. */
export type Inviter = Pick<Session, 'userId' | 'companyId' | 'departmentIds' | 'impersonatorId'> & { scope: Scope };

export type Invitation = {
  deps: Pick<AppDeps, 'config' | 'db'> & { mail: { wake: () => void } };
  companyId: string | null;
  userId: string;
  /** null: the operator at the server's command line (`npm run admin`), who may invite administrators only. */
  invitedBy: Inviter | null;
  source: AuditSource;
};

export type InvitationSent = { result: { user_id: string; status: 'invited'; email: string }; link: string };

export type EmailChangeRequest = {
  config: Pick<Config, 'publicOrigin' | 'port'>;
  companyId: string;
  userId: string;
  newEmail: string;
  requestedBy: { userId: string; impersonatorId: string | null };
  source: AuditSource;
};

export type Identity = {
  /** A company, its roles from the templates and its departments; the role and department ids by name. */
  setUpCompany: (
    trx: Trx,
    company: NewCompany,
  ) => Promise<{ companyId: string; roles: Map<string, string>; departments: Record<string, string> }>;
  createRole: (trx: Trx, role: { companyId: string | null; template: RoleTemplate }) => Promise<string>;
  createAccount: (trx: Trx, account: NewAccount) => Promise<string>;
  emailExists: (trx: Trx, email: string) => Promise<boolean>;
  /**
   * Invites one person (pending or already invited): a new single-use link by e-mail, earlier
   * links dead, audited; outside the inviter's scope a 403, another company's a 404, someone
   * set up, ended or locked a 409. The link is for the command line, which prints it.
   */
  invite: (invitation: Invitation) => Promise<InvitationSent>;
  /**
   * An invited person whose address another single-use link has just proved (a company's
   * sign-up link): confirmed, with the onboarding session an invitation's link gives, in the
   * caller's transaction; the answer it returns is made once that transaction has committed.
   */
  openOnboarding: (trx: Trx, deps: AppDeps, userId: string) => Promise<() => Promise<SessionGrant & { email: string }>>;
  /** Records a request to move a sign-in to a new address (the caller checked who may ask); the caller wakes the mail outbox after commit. */
  requestEmailChange: (trx: Trx, request: EmailChangeRequest) => Promise<void>;
  /** Someone not yet set up changed address directly: links sent to the old one stop working. */
  addressChangedBeforeSetUp: (trx: Trx, userId: string) => Promise<void>;
};

/** A person's approved clocked hours of one week (Monday's date), all of them: what they accrue replaces what the week accrued before. */
export type HoursWorkedWeek = { companyId: string; userId: string; weekStart: string; hours: number; actorId: string | null };

export type HoursWorkedLedger = {
  /**
   * Brings the week's line on the person's annual leave to 12.07% of `hours` (a correcting line
   * when it was logged before with other hours), in the caller's tenant transaction. Null when
   * the person's leave does not build from hours worked (nothing logged).
   */
  recordWeek: (trx: Trx, week: HoursWorkedWeek) => Promise<{ change: number; unit: 'days' | 'hours' } | null>;
};

/** What a person may claim overtime as: whether overtime is on, paid and time off in lieu allowed, the paid rates. */
export type OvertimeClaimOptions = {
  enabled: boolean;
  paid: boolean;
  toil: boolean;
  rates: { id: string; name: string; multiplier: number }[];
};

export type OvertimeClaim = {
  companyId: string;
  userId: string;
  date: string;
  hours: number;
  reason: string;
  compensation: 'paid' | 'toil';
  /** For paid overtime; null picks the company's lowest rate. */
  rateId: string | null;
};

export type OvertimeClaims = {
  options: (trx: Trx, person: { companyId: string; userId: string }) => Promise<OvertimeClaimOptions>;
  /**
   * Reports the overtime with the checks and approvers of the overtime form, in the caller's
   * tenant transaction (the caller wakes the mail outbox when `mailed` > 0); an AppError on a
   * field (`compensation`, `overtime_rate_id`) or a conflict (overtime switched off).
   */
  claim: (trx: Trx, caller: AuditCaller, claim: OvertimeClaim) => Promise<{ id: string; mailed: number }>;
};

type Offering = {
  identity?: Identity;
  payroll?: PayrollContributor;
  daysOff?: DaysOff;
  timeOffInLieu?: TimeOffInLieuLedger;
  contactRequests?: ContactRequestDesk;
  leaveImport?: LeaveImport;
  hoursWorked?: HoursWorkedLedger;
  overtimeClaims?: OvertimeClaims;
};

/** Every module's payroll contributor, in module order. */
export function payrollContributors(modules: readonly Offering[]): PayrollContributor[] {
  return modules.flatMap((module) => (module.payroll ? [module.payroll] : []));
}

/** The time-off-in-lieu ledger offered by a module (the leave module), or null when none is registered. */
export function timeOffInLieuLedger(modules: readonly Offering[]): TimeOffInLieuLedger | null {
  return modules.find((module) => module.timeOffInLieu)?.timeOffInLieu ?? null;
}

/** The contact-request desk offered by a module (the support module), or null when none is registered. */
export function contactRequestDesk(modules: readonly Offering[]): ContactRequestDesk | null {
  return modules.find((module) => module.contactRequests)?.contactRequests ?? null;
}

/** The leave importer offered by a module (the leave module), or null when none is registered. */
export function leaveImportOf(modules: readonly Offering[]): LeaveImport | null {
  return modules.find((module) => module.leaveImport)?.leaveImport ?? null;
}

/** The days-off reader offered by a module (the leave module), or null when none is registered. */
export function daysOffOf(modules: readonly Offering[]): DaysOff | null {
  return modules.find((module) => module.daysOff)?.daysOff ?? null;
}

/** The identity services the auth module offers; every app registers it, so its absence is a wiring fault. */
export function identityOf(modules: readonly Offering[]): Identity {
  const identity = modules.find((module) => module.identity)?.identity;
  if (!identity) throw new Error('No module offers identity services (the auth module is not registered)');
  return identity;
}

/** The hours-worked ledger offered by a module (the leave module), or null when none is registered. */
export function hoursWorkedLedger(modules: readonly Offering[]): HoursWorkedLedger | null {
  return modules.find((module) => module.hoursWorked)?.hoursWorked ?? null;
}

/** The overtime claims offered by a module (the overtime module), or null when none is registered. */
export function overtimeClaimsOf(modules: readonly Offering[]): OvertimeClaims | null {
  return modules.find((module) => module.overtimeClaims)?.overtimeClaims ?? null;
}
