// The tablet's side of the kiosk, with no personal sign-in: its device token (kept on the tablet,
// sent in the X-Kiosk-Token header), the location's names (kept for when the signal drops), and
// its queue of taps. Each tap has its own Idempotency-Key and the tablet's time when tapped; it
// is sent at once, or kept when the network fails (or the server is away, or the person is
// paused) and sent again, in order, until the server answers it: a success removes it, a refusal
// (a wrong PIN, a clock already in) marks it for the tablet to show. The server checks the PIN
// when the tap arrives and records it once whatever the repeats. See
// docs/decisions/2026-11-27-kiosk-pins-are-checked-by-the-server.md.
import { AppError, AppErrorCodes, type AppErrorCode } from '../../../shared/app-error';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/constants';
import {
  KIOSK_TOKEN_HEADER,
  kioskPaths,
  type KioskClock,
  type KioskDevice,
  type KioskEventInput,
  type KioskIdentifyInput,
} from '../kiosk.contract';

const TOKEN_KEY = 'stafflane.kiosk.token';
const DEVICE_KEY = 'stafflane.kiosk.device';
const QUEUE_KEY = 'stafflane.kiosk.queue';

/** A tap as the tablet keeps it until the server has answered it. */
export type KioskTap = KioskEventInput & { key: string; name: string; refused?: string };

/** What a storage needs (localStorage, or a map in a test). */
export type KioskStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const read = <T>(storage: KioskStorage, key: string): T | null => {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

/** The token from the link the tablet was opened with (after #), kept; else the one kept before. */
export function takeKioskToken(storage: KioskStorage, hash: string): string | null {
  const fromLink = hash.replace(/^#/, '').trim();
  if (fromLink) storage.setItem(TOKEN_KEY, fromLink);
  return fromLink || storage.getItem(TOKEN_KEY);
}

export const forgetKioskToken = (storage: KioskStorage) => {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(DEVICE_KEY);
};

export const keptDevice = (storage: KioskStorage) => read<KioskDevice>(storage, DEVICE_KEY);
export const keepDevice = (storage: KioskStorage, device: KioskDevice) => storage.setItem(DEVICE_KEY, JSON.stringify(device));
export const queuedTaps = (storage: KioskStorage) => read<KioskTap[]>(storage, QUEUE_KEY) ?? [];
const saveTaps = (storage: KioskStorage, taps: KioskTap[]) => storage.setItem(QUEUE_KEY, JSON.stringify(taps));

/** The network failed, or the server was away: worth trying again later. */
export class KioskUnreachable extends Error {}

async function call<T>(token: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [KIOSK_TOKEN_HEADER]: token };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers[IDEMPOTENCY_KEY_HEADER] = init.key;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new KioskUnreachable('offline');
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (response.ok) return body as T;
  if (response.status >= 500) throw new KioskUnreachable(body.message ?? 'unavailable');
  const code = body.code && body.code in AppErrorCodes ? (body.code as AppErrorCode) : 'badRequest';
  throw new AppError(code, { status: response.status, message: body.message ?? 'Something went wrong.' });
}

export const fetchKioskDevice = (token: string) => call<KioskDevice>(token, kioskPaths.device);
export const identifyAtKiosk = (token: string, body: KioskIdentifyInput) =>
  call<KioskClock>(token, kioskPaths.identify, { method: 'POST', body });

/** Passing states: kept and sent again later (unreachable, the tablet not recognised (403), a pause, a repeat still in flight). */
const tryAgainLater = (error: unknown) =>
  error instanceof KioskUnreachable ||
  (error instanceof AppError && (['forbidden', 'rateLimited', 'idempotency_in_flight'] as string[]).includes(error.code));

const bodyOf = (tap: KioskTap): KioskEventInput => ({
  user_id: tap.user_id,
  pin: tap.pin,
  kind: tap.kind,
  device_time: tap.device_time,
});

/** Sends one tap now; when it cannot reach the server it is queued (with the tablet's time as tapped). */
export async function sendTap(storage: KioskStorage, token: string, tap: KioskTap): Promise<KioskClock | 'queued'> {
  // Behind earlier taps still waiting: queued after them, so they land in order.
  if (queuedTaps(storage).some((waiting) => !waiting.refused)) {
    saveTaps(storage, [...queuedTaps(storage), tap]);
    return 'queued';
  }
  try {
    return await call<KioskClock>(token, kioskPaths.events, { method: 'POST', body: bodyOf(tap), key: tap.key });
  } catch (error) {
    if (!(error instanceof KioskUnreachable)) throw error;
    saveTaps(storage, [...queuedTaps(storage), tap]);
    return 'queued';
  }
}

/** Sends the waiting taps in order; stops at the first that cannot be sent yet. Returns how many landed. */
export async function flushTaps(storage: KioskStorage, token: string): Promise<number> {
  let landed = 0;
  for (const tap of queuedTaps(storage)) {
    if (tap.refused) continue;
    try {
      await call<KioskClock>(token, kioskPaths.events, { method: 'POST', body: bodyOf(tap), key: tap.key });
      saveTaps(
        storage,
        queuedTaps(storage).filter((other) => other.key !== tap.key),
      );
      landed += 1;
    } catch (error) {
      if (tryAgainLater(error)) return landed;
      const message = error instanceof Error ? error.message : 'Not recorded.';
      saveTaps(
        storage,
        queuedTaps(storage).map((other) => (other.key === tap.key ? { ...other, pin: '', refused: message } : other)),
      );
    }
  }
  return landed;
}

export const dismissRefused = (storage: KioskStorage, key: string) =>
  saveTaps(
    storage,
    queuedTaps(storage).filter((tap) => tap.key !== key),
  );
