// Administrators make companies and change them; owners sign theirs up (sign-up.service.ts),
// through the same makeCompany. A new company is made the way the demo seed
// and the test fixtures make theirs (setUpCompany: the company, its default roles from the
// modules' grants, and the modules' defaults that come with the row); its owner is added as
// the people module adds anyone (announcePersonAdded) and invited through the identity
// module's one invitation path (its `identity` offer, module-hooks.ts), so they go through /confirm-email and /welcome like everyone.
import type { AppDeps } from '../../../server/app-deps';
import { callerAuditEntry, type AuditCaller } from '../../../server/audit/audit-entry';
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, type Trx } from '../../../server/db/database';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { identityOf } from '../../../server/module-hooks';
import { publish } from '../../../server/realtime/publish';
import { roleTemplates } from '../../../server/roles';
import { announcePersonAdded } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { GLOBAL_CHANNEL } from '../../../shared/realtime';
import { SUPPORT_EMAIL } from '../../auth/auth.contract';
import {
  COMPANIES_RESOURCE,
  type CompanyRow,
  type CompanySource,
  type CreatedCompany,
  type CreateCompanyInput,
  type UpdateCompanyInput,
} from '../companies.contract';
import { statusChangeText } from '../companies.policy';
import { emailTaken, findCompanyRow, findOwners, lockCompany, seatCount, setCompanyPlan, updateCompanyRow } from './companies.queries';

type Deps = Pick<AppDeps, 'config' | 'db' | 'mail' | 'modules'>;
type CreateValues = Omit<CreateCompanyInput, 'products' | 'number' | 'sector_name' | 'address'> & {
  number: string;
  sector_name: string;
  address: string;
  products: ('hr' | 'hs' | 'documents')[];
};

/**
 * The one way a company is made, whoever asks (an administrator's "New company", a confirmed
 * sign-up): the company with its default roles and plan, its owner added as the people module
 * adds anyone, the audit entry and the administrators' list told — in the caller's system
 * transaction. The owner starts `pending` (an administrator then invites them) or, when their
 * address is being confirmed by this very request, `invited`. `actorId` null: the owner acts.
 */
export async function makeCompany(
  trx: Trx,
  options: {
    modules: AppDeps['modules'];
    input: CreateValues;
    source: CompanySource;
    ownerStatus: 'pending' | 'invited';
    actor: { userId: string | null; impersonatorId: string | null; audit: AuditSource };
  },
): Promise<{ companyId: string; ownerId: string; email: string }> {
  const { modules, input, actor } = options;
  const email = input.owner.email.toLowerCase();
  if (await emailTaken(trx, email)) throw AppError.validation({ 'owner.email': ['This e-mail address is already in use.'] });
  const identity = identityOf(modules);
  const { companyId, roles } = await identity.setUpCompany(trx, {
    name: input.name,
    ...(input.number ? { number: input.number.toUpperCase() } : {}),
    ...(input.sector_name ? { sectorName: input.sector_name } : {}),
    roles: roleTemplates(modules).company,
  });
  await setCompanyPlan(trx, {
    companyId,
    address: input.address || null,
    products: input.products,
    seats: input.seats,
    source: options.source,
  });
  const ownerId = await identity.createAccount(trx, {
    companyId,
    email,
    firstName: input.owner.first_name,
    surname: input.owner.surname,
    passwordHash: null,
    status: options.ownerStatus,
    roleId: roles.get('Owner') ?? null,
    authorisedContact: true,
  });
  const actorId = actor.userId ?? ownerId;
  await announcePersonAdded(modules, trx, { companyId, userId: ownerId, startDate: null, actorId });
  await recordAudit(trx, {
    ...actor.audit,
    actorId,
    impersonatorId: actor.impersonatorId,
    companyId,
    action: 'company.created',
    targetType: 'company',
    targetId: companyId,
    details: { name: input.name, products: input.products, seats: input.seats, owner_email: email, source: options.source },
  });
  await publish(trx, { channel: GLOBAL_CHANNEL, event: COMPANIES_RESOURCE, invalidates: [COMPANIES_RESOURCE] });
  return { companyId, ownerId, email };
}

/** An administrator's new company: made, then its owner invited by e-mail through the identity module's one path. */
export async function createCompanyWithOwner(options: { deps: Deps; caller: AuditCaller; input: CreateValues }): Promise<CreatedCompany> {
  const { deps, caller, input } = options;
  const made = await withSystem(deps.db, (trx) =>
    makeCompany(trx, {
      modules: deps.modules,
      input,
      source: 'administrator',
      ownerStatus: 'pending',
      actor: { userId: caller.session.userId, impersonatorId: caller.session.impersonatorId, audit: caller.source },
    }),
  );
  await identityOf(deps.modules).invite({
    deps,
    companyId: made.companyId,
    userId: made.ownerId,
    invitedBy: { userId: caller.session.userId, companyId: null, departmentIds: [], impersonatorId: null, scope: 'global' },
    source: caller.source,
  });
  const company = await withSystem(deps.db, (trx) => findCompanyRow(trx, made.companyId));
  if (!company) throw AppError.notFound();
  return { company, owner: { id: made.ownerId, email: made.email } };
}

type UpdateValues = Omit<UpdateCompanyInput, 'products'> & { products?: ('hr' | 'hs' | 'documents')[] };

/**
 * Changes the fields administrators may change. A status change is audited with its reason and
 * e-mailed to the company's owners; it takes effect at each person's next sign-in or token
 * refresh (nothing is deleted, no session is cut mid-request). Seats never go below those held.
 */
export async function updateCompany(options: { deps: Deps; caller: AuditCaller; id: string; input: UpdateValues }): Promise<CompanyRow> {
  const { deps, caller, id, input } = options;
  const row = await withSystem(deps.db, async (trx) => {
    const before = await lockCompany(trx, id);
    if (!before) throw AppError.notFound();
    if (input.seats !== undefined) {
      const count = await seatCount(trx, id);
      if (count && input.seats < count.used) {
        throw AppError.validation({ seats: [`${count.used} people hold a seat now: seats cannot go below that.`] });
      }
    }
    const statusChanges = input.status !== undefined && input.status !== before.status;
    const { status: _status, reason, ...fields } = input;
    await updateCompanyRow(trx, id, {
      ...fields,
      ...(fields.number !== undefined ? { number: fields.number ? fields.number.toUpperCase() : null } : {}),
      ...(fields.sector_name !== undefined ? { sector_name: fields.sector_name || null } : {}),
      ...(fields.address !== undefined ? { address: fields.address || null } : {}),
      ...(statusChanges && input.status ? { status: { value: input.status, reason: reason ?? '' } } : {}),
    });
    const changed = Object.keys(fields);
    if (changed.length > 0) {
      await recordAudit(
        trx,
        callerAuditEntry(caller, { companyId: id, action: 'company.updated', targetType: 'company', targetId: id, details: { ...fields } }),
      );
    }
    if (statusChanges && input.status) {
      await recordAudit(
        trx,
        callerAuditEntry(caller, {
          companyId: id,
          action: 'company.status_changed',
          targetType: 'company',
          targetId: id,
          details: { from: before.status, to: input.status, reason: reason ?? '' },
        }),
      );
      for (const owner of await findOwners(trx, id)) {
        const message = statusChangeText({
          companyName: fields.name ?? before.name,
          firstName: owner.first_name,
          to: input.status,
          reason: reason ?? '',
          supportEmail: SUPPORT_EMAIL,
        });
        await enqueueEmail(trx, {
          template: 'company_status',
          to: owner.email,
          subject: message.subject,
          text: message.text,
          companyId: id,
        });
      }
    }
    await publish(trx, { channel: GLOBAL_CHANNEL, event: COMPANIES_RESOURCE, invalidates: [COMPANIES_RESOURCE] });
    return findCompanyRow(trx, id);
  });
  deps.mail.wake();
  if (!row) throw AppError.notFound();
  return row;
}
