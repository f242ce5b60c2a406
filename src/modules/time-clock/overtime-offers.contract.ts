// Time worked beyond a rostered shift, offered as overtime: when a manager approves a timesheet
// entry whose worked time (less breaks) passes the shift's paid time by more than the company's
// threshold, the person is asked whether to claim the extra as overtime — paid or time off in
// lieu, through the overtime module's approval — or to dismiss it. One offer per entry.
import * as v from 'valibot';
import { isUuid } from '../../shared/ids';
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { fieldMessages, requiredMultilineTextField } from '../../shared/validators';
import { OVERTIME_RESOURCES } from '../overtime/overtime.contract';
import { TIME_CLOCK_RESOURCES } from './time-clock.contract';

export const OVERTIME_OFFER_RESOURCES = { offers: 'time-clock-overtime-offers', settings: 'time-clock-overtime-offer-settings' } as const;

/** A claim or dismissal ends the person's to-do and may add an overtime report. */
export const OVERTIME_OFFER_INVALIDATES = [
  OVERTIME_OFFER_RESOURCES.offers,
  OVERTIME_RESOURCES.overtime,
  TIME_CLOCK_RESOURCES.timesheets,
  PENDING_COUNT_RESOURCE,
] as const;

const offersPath = `/api/${OVERTIME_OFFER_RESOURCES.offers}`;
export const overtimeOfferPaths = {
  offer: (id: string) => `${offersPath}/${encodeURIComponent(id)}`,
  claim: (id: string) => `${offersPath}/${encodeURIComponent(id)}/claim`,
  dismiss: (id: string) => `${offersPath}/${encodeURIComponent(id)}/dismiss`,
  /** The server's route patterns. */
  routes: { offer: `${offersPath}/:id`, claim: `${offersPath}/:id/claim`, dismiss: `${offersPath}/:id/dismiss` },
  settings: `/api/${OVERTIME_OFFER_RESOURCES.settings}`,
} as const;

export const OVERTIME_OFFER_STATUSES = ['open', 'claimed', 'dismissed', 'withdrawn'] as const;
export type OvertimeOfferStatus = (typeof OVERTIME_OFFER_STATUSES)[number];

export const DEFAULT_OFFER_REASON = 'Beyond rostered shift';
export const DEFAULT_OFFER_THRESHOLD_MINUTES = 15;

export const overtimeOfferMessages = {
  notOpen: 'This offer was already claimed or dismissed.',
  withdrawn: 'This entry was edited after approval: the offer will come back if it is approved again with time beyond the shift.',
  hours: 'Between a quarter of an hour and the time worked beyond the shift, in quarter hours.',
  threshold: 'Between 0 and 240 minutes.',
} as const;

/** Whole quarter hours of the extra minutes (45 → 0.75; 50 → 0.75). */
export const offeredHours = (extraMinutes: number): number => Math.floor(Math.max(0, extraMinutes) / 15) / 4;
/** The most a claim may name: the extra minutes up to the next quarter hour. */
export const mostClaimable = (extraMinutes: number): number => Math.ceil(Math.max(0, extraMinutes) / 15) / 4;

export type OvertimeOffer = {
  id: string;
  user_id: string;
  entry_id: string;
  /** The London date the entry was clocked in. */
  date: string;
  extra_minutes: number;
  /** What a one-tap claim names: whole quarter hours of the extra. */
  hours: number;
  /** The most a claim may name. */
  max_hours: number;
  status: OvertimeOfferStatus;
  overtime_id: string | null;
  /** What the person may claim it as (the overtime module's answer). */
  options: { enabled: boolean; paid: boolean; toil: boolean; rates: { id: string; name: string; multiplier: number }[] };
};

const quarter = (value: number) => Math.abs(value * 4 - Math.round(value * 4)) < 1e-6;
const optionalUuid = v.optional(
  v.nullable(
    v.pipe(
      v.string(fieldMessages.required),
      v.trim(),
      v.check((value: string) => value === '' || isUuid(value), fieldMessages.required),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
  null,
);

export const ClaimOfferInputSchema = v.object({
  compensation: v.picklist(['paid', 'toil'] as const, fieldMessages.required),
  /** Default the offer's hours. */
  hours: v.optional(
    v.nullable(
      v.pipe(
        v.number(overtimeOfferMessages.hours),
        v.minValue(0.25, overtimeOfferMessages.hours),
        v.check(quarter, overtimeOfferMessages.hours),
      ),
    ),
    null,
  ),
  /** Default "Beyond rostered shift". */
  reason: v.optional(v.nullable(requiredMultilineTextField({ maxLength: 1000 })), null),
  /** For paid overtime; default the company's lowest rate. */
  overtime_rate_id: optionalUuid,
});
export type ClaimOfferInput = v.InferOutput<typeof ClaimOfferInputSchema>;

export const OfferSettingsSchema = v.object({
  overtime_offer_minutes: v.pipe(
    v.number(overtimeOfferMessages.threshold),
    v.integer(overtimeOfferMessages.threshold),
    v.minValue(0, overtimeOfferMessages.threshold),
    v.maxValue(240, overtimeOfferMessages.threshold),
  ),
});
export type OfferSettings = v.InferOutput<typeof OfferSettingsSchema>;
