// The chat's rules, the same on both sides: support hours (9:00–17:00 London time, Monday to
// Friday, England and Wales bank holidays excluded), who may chat with which team, and who
// may see a conversation.
import type { ChatTeam } from './chat.contract';

export const SUPPORT_OPENS_HOUR = 9;
export const SUPPORT_CLOSES_HOUR = 17;
const LONDON = 'Europe/London';

type LondonTime = { date: string; weekday: number; minutes: number };

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The London wall-clock date (yyyy-mm-dd), weekday (0 Sunday) and minutes after midnight. */
export function londonTime(at: Date): LondonTime {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a London date (yyyy-mm-dd) is a bank holiday of England and Wales. */
export type IsBankHoliday = (date: string) => boolean;

function isWorkingDay(time: Pick<LondonTime, 'date' | 'weekday'>, isBankHoliday: IsBankHoliday): boolean {
  return time.weekday >= 1 && time.weekday <= 5 && !isBankHoliday(time.date);
}

export function isWithinSupportHours(at: Date, isBankHoliday: IsBankHoliday): boolean {
  const time = londonTime(at);
  return isWorkingDay(time, isBankHoliday) && time.minutes >= SUPPORT_OPENS_HOUR * 60 && time.minutes < SUPPORT_CLOSES_HOUR * 60;
}

/** The instant London's clock shows 09:00 on a date (the offset is GMT or BST that morning). */
function nineOClock(date: string): Date {
  for (const offset of [0, 1]) {
    const candidate = new Date(`${date}T${String(SUPPORT_OPENS_HOUR - offset).padStart(2, '0')}:00:00Z`);
    const time = londonTime(candidate);
    if (time.date === date && time.minutes === SUPPORT_OPENS_HOUR * 60) return candidate;
  }
  return new Date(`${date}T${SUPPORT_OPENS_HOUR}:00:00Z`);
}

function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** When the teams are next back: null while open; otherwise the next 09:00 of a working day. */
export function nextOpening(at: Date, isBankHoliday: IsBankHoliday): Date | null {
  if (isWithinSupportHours(at, isBankHoliday)) return null;
  const today = londonTime(at);
  let date = today.date;
  if (!(isWorkingDay(today, isBankHoliday) && today.minutes < SUPPORT_OPENS_HOUR * 60)) date = nextDate(date);
  for (let i = 0; i < 30; i += 1) {
    const opening = nineOClock(date);
    if (isWorkingDay(londonTime(opening), isBankHoliday)) return opening;
    date = nextDate(date);
  }
  return null;
}

/** Authorised contacts choose any team; everyone else chats with the support team only. */
export function chatTeamsFor(authorisedContact: boolean): ChatTeam[] {
  return authorisedContact ? ['support', 'hr', 'hs'] : ['support'];
}

/** An administrator sees a conversation only when they belong to its team. */
export function mayAnswerTeam(memberOf: readonly ChatTeam[], team: ChatTeam): boolean {
  return memberOf.includes(team);
}
