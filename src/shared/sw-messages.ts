// Messages between the page and the service worker. Both sides import this file, so a
// message type is spelled once.

export const SW_MESSAGE = {
  /** Page → waiting worker: take over now (the user accepted the "new version" prompt). */
  skipWaiting: 'SKIP_WAITING',
} as const;

export type SwMessageType = (typeof SW_MESSAGE)[keyof typeof SW_MESSAGE];
export type SwMessage = { type: SwMessageType };

export function isSwMessage(value: unknown): value is SwMessage {
  return (
    typeof value === 'object' && value !== null && Object.values<string>(SW_MESSAGE).includes((value as { type?: unknown }).type as string)
  );
}
