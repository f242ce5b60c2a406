// The realtime event every channel carries (DESIGN §4, SPEC §3, §4): written once to the
// event table by the server's publish(), then delivered to the channel's subscribers.

export type RealtimeEvent = {
  /** The event table's id as a string (a bigint): ordered, so a client can replay from it. */
  id: string;
  channel: string;
  /** `notification` for a real-time notification, whose payload is the notification. */
  event: string;
  /** Resource names as SPEC §3 spells them (`notifications`, `user-absence`): cached data to refetch. */
  invalidates: string[];
  payload: unknown;
};

export const GLOBAL_CHANNEL = 'global';

/** A user's private channel. */
export function userChannel(userId: string): string {
  return `user-${userId}`;
}

/** Everybody in one company. */
export function companyChannel(companyId: string): string {
  return `company-${companyId}`;
}

export const NOTIFICATION_EVENT = 'notification';
