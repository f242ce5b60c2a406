// The kiosk's domain functions. For administrators: set up a location's tablet (its token shown
// once, only its hash kept), list and revoke them. For people: their own PIN, and a manager's
// reset. For the tablet (its token instead of a session): the location's names, a PIN check
// that pauses a person after 5 wrong PINs in 15 minutes on that tablet (and the tablet after 20),
// and a clock event, recorded through the time clock's own recordClockEvent (the device time
// kept when plausible) for the person the PIN proved.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import type { AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, withTenant, type Db } from '../../../server/db/database';
import { mayActOn } from '../../../server/http/person-access';
import { findPersonSubjects } from '../../../server/http/person-subject.queries';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel } from '../../../shared/realtime';
import {
  KIOSK_DEVICE_ATTEMPTS,
  KIOSK_LOCK_MINUTES,
  KIOSK_PERSON_ATTEMPTS,
  KIOSK_RESOURCES,
  kioskMessages,
  type CreateKioskInput,
  type CreatedKiosk,
  type Kiosk,
  type KioskClock,
  type KioskDevice,
  type KioskEventInput,
  type KioskIdentifyInput,
  type PinStatus,
  type SetPinInput,
} from '../kiosk.contract';
import { TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { hashDeviceToken, hashPin, newDeviceToken, verifyPin } from './kiosk-secrets';
import {
  countWrongAttempts,
  deletePin,
  findKioskByTokenHash,
  findKiosks,
  findLocationPeople,
  findPinHash,
  insertAttempt,
  insertKiosk,
  locationExists,
  revokeKiosk as revokeKioskRow,
  savePin,
  touchKiosk,
  type KioskRow,
  lockKioskChecks,
} from './kiosk.queries';
import { recordClockEvent } from './time-clock.service';

export type KioskCaller = AuditCaller & { db: Db };

const toKiosk = (row: KioskRow): Kiosk => ({
  id: row.id,
  name: row.name,
  location_id: row.location_id,
  location_name: row.location_name,
  created_at: row.created_at.toISOString(),
  created_by_name: row.created_by_name,
  last_seen_at: row.last_seen_at ? row.last_seen_at.toISOString() : null,
});

async function publishKiosks(trx: Parameters<typeof publish>[0], companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: KIOSK_RESOURCES.kiosks,
    invalidates: [KIOSK_RESOURCES.kiosks],
    companyId,
  });
}

export async function listKiosks(caller: KioskCaller): Promise<Kiosk[]> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => (await findKiosks(trx, { companyId })).map(toKiosk));
}

export async function createKiosk(caller: KioskCaller, input: CreateKioskInput): Promise<CreatedKiosk> {
  const companyId = requireCompany(caller.session);
  const token = newDeviceToken();
  return withTenant(caller.db, companyId, async (trx) => {
    if (!(await locationExists(trx, { companyId, locationId: input.location_id })))
      throw AppError.validation({ location_id: [kioskMessages.location] });
    const id = await insertKiosk(trx, {
      companyId,
      locationId: input.location_id,
      name: input.name,
      tokenHash: hashDeviceToken(token),
      createdBy: caller.session.userId,
    });
    await auditCaller(trx, caller, {
      companyId,
      action: 'time-clock.kiosk-created',
      targetType: 'time_clock_kiosk',
      targetId: id,
      details: { name: input.name, location_id: input.location_id },
    });
    await publishKiosks(trx, companyId);
    const [row] = await findKiosks(trx, { companyId, id });
    if (!row) throw AppError.notFound();
    return { ...toKiosk(row), token };
  });
}

export async function revokeKiosk(caller: KioskCaller, id: string): Promise<{ revoked: true }> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    if (!(await revokeKioskRow(trx, { companyId, id, revokedBy: caller.session.userId }))) throw AppError.notFound();
    await auditCaller(trx, caller, {
      companyId,
      action: 'time-clock.kiosk-revoked',
      targetType: 'time_clock_kiosk',
      targetId: id,
      details: {},
    });
    await publishKiosks(trx, companyId);
    return { revoked: true };
  });
}

export async function getPinStatus(caller: KioskCaller): Promise<PinStatus> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const pin = await findPinHash(trx, { companyId, userId: caller.session.userId });
    return { has_pin: Boolean(pin), updated_at: pin ? pin.updated_at.toISOString() : null };
  });
}

export async function setPin(caller: KioskCaller, input: SetPinInput): Promise<PinStatus> {
  const companyId = requireCompany(caller.session);
  const pinHash = await hashPin(input.pin);
  const userId = caller.session.userId;
  return withTenant(caller.db, companyId, async (trx) => {
    await savePin(trx, { companyId, userId, pinHash, setBy: userId });
    // Never the PIN, nor its hash, in the audit log.
    await auditCaller(trx, caller, { companyId, action: 'time-clock.pin-set', targetType: 'user', targetId: userId, details: {} });
    const pin = await findPinHash(trx, { companyId, userId });
    return { has_pin: true, updated_at: pin ? pin.updated_at.toISOString() : null };
  });
}

/** A manager removes a person's PIN (forgotten, or seen by someone): the person sets a new one. */
export async function resetPin(caller: KioskCaller, userId: string): Promise<{ reset: boolean }> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const [subject] = await findPersonSubjects(trx, { companyId, userIds: [userId] });
    if (!subject) throw AppError.notFound();
    if (!mayActOn(caller.session, subject, TIMESHEETS_ENDPOINT, 'PUT')) throw AppError.forbidden();
    const reset = await deletePin(trx, { companyId, userId });
    await auditCaller(trx, caller, { companyId, action: 'time-clock.pin-reset', targetType: 'user', targetId: userId, details: { reset } });
    return { reset };
  });
}

/**
 * The kiosk a tablet's token opens, or 403 (unknown, revoked, or its company not active): never
 * 401, which would tell a signed-in page on the same browser that its own session ended.
 */
export async function kioskOfToken(db: Db, token: string | undefined, now = new Date()): Promise<KioskRow> {
  if (!token || token.length > 200) throw AppError.forbidden(kioskMessages.device);
  const kiosk = await withSystem(db, (trx) => findKioskByTokenHash(trx, hashDeviceToken(token)));
  if (!kiosk) throw AppError.forbidden(kioskMessages.device);
  await withTenant(db, kiosk.company_id, (trx) => touchKiosk(trx, { companyId: kiosk.company_id, id: kiosk.id, at: now }));
  return kiosk;
}

export async function kioskDevice(db: Db, kiosk: KioskRow, now = new Date()): Promise<KioskDevice> {
  const people = await withTenant(db, kiosk.company_id, (trx) =>
    findLocationPeople(trx, { companyId: kiosk.company_id, locationId: kiosk.location_id }),
  );
  return {
    kiosk_name: kiosk.name,
    location_name: kiosk.location_name,
    people: people.map((person) => ({ user_id: person.user_id, name: person.name, in: person.in })),
    server_time: now.toISOString(),
  };
}

type Proof = { userId: string; pin: string };

/**
 * Checks a PIN for a person of the kiosk's location, in its own transaction so a wrong attempt is
 * counted even though the request then fails. Locked, wrong, unknown person and no PIN set all
 * answer alike, so the tablet never tells whose PIN a guess was.
 */
async function provePin(db: Db, kiosk: KioskRow, proof: Proof, now: Date): Promise<KioskClock> {
  const companyId = kiosk.company_id;
  const outcome = await withTenant(db, companyId, async (trx) => {
    // One check at a time per tablet, so parallel guesses cannot pass the limit together.
    await lockKioskChecks(trx, kiosk.id);
    const since = new Date(now.getTime() - KIOSK_LOCK_MINUTES * 60_000);
    const wrong = await countWrongAttempts(trx, { companyId, kioskId: kiosk.id, userId: proof.userId, since });
    if (wrong.device >= KIOSK_DEVICE_ATTEMPTS) return { refusal: kioskMessages.deviceLocked } as const;
    const [person] = await findLocationPeople(trx, { companyId, locationId: kiosk.location_id, userId: proof.userId });
    if (!person) {
      await verifyPin(proof.pin, null);
      return { wrong: true } as const;
    }
    if (wrong.person >= KIOSK_PERSON_ATTEMPTS) return { refusal: kioskMessages.personLocked } as const;
    const stored = await findPinHash(trx, { companyId, userId: person.user_id });
    const succeeded = await verifyPin(proof.pin, stored?.pin_hash ?? null);
    await insertAttempt(trx, { companyId, kioskId: kiosk.id, userId: person.user_id, succeeded });
    if (!succeeded) return { wrong: true } as const;
    const clock: KioskClock = {
      user_id: person.user_id,
      name: person.name,
      state: !person.in ? 'out' : person.break_open ? 'on_break' : 'in',
      since: person.since ? person.since.toISOString() : null,
    };
    return { clock };
  });
  if ('refusal' in outcome) throw new AppError('rateLimited', { message: outcome.refusal });
  if ('wrong' in outcome) throw AppError.validation({ pin: [kioskMessages.wrongPin] }, kioskMessages.wrongPin);
  return outcome.clock;
}

export function identifyAtKiosk(db: Db, kiosk: KioskRow, input: KioskIdentifyInput, now = new Date()): Promise<KioskClock> {
  return provePin(db, kiosk, { userId: input.user_id, pin: input.pin }, now);
}

/** The person the PIN proved, as the time clock's service takes a caller: their own clock, from this tablet at its site. */
function personCaller(db: Db, kiosk: KioskRow, userId: string, source: AuditSource): AuditCaller & { db: Db; atSite: true } {
  const session: Session = {
    userId,
    companyId: kiosk.company_id,
    departmentIds: [],
    permissions: [],
    sessionId: `kiosk:${kiosk.id}`,
    impersonatorId: null,
    status: 'active',
  };
  return { db, session, source, atSite: true };
}

/** A tap on the tablet (sent at once, or later from its queue): the PIN is checked when it arrives. */
export async function recordKioskEvent(
  db: Db,
  kiosk: KioskRow,
  input: KioskEventInput,
  source: AuditSource,
  receivedAt = new Date(),
): Promise<KioskClock> {
  const proved = await provePin(db, kiosk, { userId: input.user_id, pin: input.pin }, receivedAt);
  const clock = await recordClockEvent(
    personCaller(db, kiosk, proved.user_id, source),
    { kind: input.kind, device_time: input.device_time },
    receivedAt,
  );
  const open = clock.open;
  const lastBreak = open?.events.filter((event) => event.kind === 'break_start').at(-1);
  return {
    user_id: proved.user_id,
    name: proved.name,
    state: !open ? 'out' : open.on_break ? 'on_break' : 'in',
    since: !open ? null : open.on_break && lastBreak ? lastBreak.at : open.clock_in_at,
  };
}
