// The time clock's kiosk: a shared tablet at a location, opened with its own device token (no
// personal sign-in), where people pick their name and clock with a 4–6 digit PIN. The names
// here: the kiosks an administrator sets up and revokes, the person's PIN (set by them, reset by
// a manager), and what the tablet itself calls with its token (the X-Kiosk-Token header).
import * as v from 'valibot';
import { fieldMessages, requiredTextField } from '../../shared/validators';
import { CLOCK_EVENT_KINDS, instantField } from './time-clock.contract';

export const KIOSK_RESOURCES = { kiosks: 'time-clock-kiosks', pin: 'time-clock-pin' } as const;

/** The header the tablet sends its device token in (never in the address: addresses end up in logs). */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

export const kioskPaths = {
  /** GET the company's kiosks, POST a new one (the answer carries its token, shown once). */
  kiosks: '/api/time-clock-kiosks',
  /** DELETE: revoke a kiosk; its tablet is refused from then on. */
  kiosk: (id: string) => `/api/time-clock-kiosks/${encodeURIComponent(id)}`,
  /** GET whether the caller has a PIN, PUT their own PIN. */
  pin: '/api/time-clock/pin',
  /** DELETE: a manager resets (removes) a person's PIN. */
  personPin: (userId: string) => `/api/timesheets/pins/${encodeURIComponent(userId)}`,
  /** The tablet's own calls, with its token. */
  device: '/api/kiosk',
  identify: '/api/kiosk/identify',
  events: '/api/kiosk/events',
} as const;

export const KIOSK_ROUTE = '/kiosk';

/** The link an administrator opens on the tablet: the token after #, so it never reaches a server log. */
export const kioskLink = (origin: string, token: string) => `${origin}${KIOSK_ROUTE}#${token}`;

/** Wrong PINs for one person on one tablet before that person is paused there; and for the tablet as a whole. */
export const KIOSK_PERSON_ATTEMPTS = 5;
export const KIOSK_DEVICE_ATTEMPTS = 20;
export const KIOSK_LOCK_MINUTES = 15;

export const kioskMessages = {
  pin: 'Use 4 to 6 digits.',
  wrongPin: 'That PIN is not right. Try again.',
  personLocked: `Too many wrong PINs. Try again in ${KIOSK_LOCK_MINUTES} minutes, or ask a manager to reset your PIN.`,
  deviceLocked: `Too many wrong PINs on this tablet. It is paused for ${KIOSK_LOCK_MINUTES} minutes.`,
  device: 'This tablet is not set up as a kiosk, or it was revoked. Ask an administrator for a new link.',
  key: 'Send each tap with an Idempotency-Key.',
  location: 'Choose a location.',
} as const;

const uuidField = v.pipe(v.string(fieldMessages.required), v.uuid(fieldMessages.required));
export const pinField = v.pipe(v.string(kioskMessages.pin), v.regex(/^\d{4,6}$/, kioskMessages.pin));

export const CreateKioskInputSchema = v.object({
  name: requiredTextField({ maxLength: 80 }),
  location_id: v.pipe(v.string(kioskMessages.location), v.uuid(kioskMessages.location)),
});
export type CreateKioskInput = v.InferOutput<typeof CreateKioskInputSchema>;

export const SetPinInputSchema = v.object({ pin: pinField });
export type SetPinInput = v.InferOutput<typeof SetPinInputSchema>;

/** A tap on the tablet: who (picked from the location's names) and their PIN. */
export const KioskIdentifyInputSchema = v.object({ user_id: uuidField, pin: pinField });
export type KioskIdentifyInput = v.InferOutput<typeof KioskIdentifyInputSchema>;

/** A clock event from the tablet: the person, their PIN (checked when it arrives) and the tablet's time when tapped. */
export const KioskEventInputSchema = v.object({
  user_id: uuidField,
  pin: pinField,
  kind: v.picklist(CLOCK_EVENT_KINDS, fieldMessages.required),
  device_time: instantField,
});
export type KioskEventInput = v.InferOutput<typeof KioskEventInputSchema>;

export type Kiosk = {
  id: string;
  name: string;
  location_id: string;
  location_name: string;
  created_at: string;
  created_by_name: string | null;
  last_seen_at: string | null;
};

/** The answer to creating a kiosk: its token, which is never shown again (only its hash is kept). */
export type CreatedKiosk = Kiosk & { token: string };

export type PinStatus = { has_pin: boolean; updated_at: string | null };

/** A person on the tablet's list: the name only, and whether they are clocked in (names only: no times, no shifts). */
export type KioskPerson = { user_id: string; name: string; in: boolean };

/** GET /api/kiosk: what the tablet shows before anyone taps. */
export type KioskDevice = { kiosk_name: string; location_name: string; people: KioskPerson[]; server_time: string };

export type KioskClockState = 'out' | 'in' | 'on_break';

/** After a correct PIN: the person's name and where their clock stands. */
export type KioskClock = { user_id: string; name: string; state: KioskClockState; since: string | null };
