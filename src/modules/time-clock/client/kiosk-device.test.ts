// The tablet's queue of taps with no signal: a tap that cannot reach the server is kept with the
// tablet's time and the same Idempotency-Key, later taps wait behind it, and once the network is
// back they are sent in order with their keys; a refusal (a wrong PIN) is kept to show, with the
// PIN forgotten; a pause (429) keeps the tap for later.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushTaps, queuedTaps, sendTap, takeKioskToken, type KioskStorage, type KioskTap } from './kiosk-device';

function memory(): KioskStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const tap = (key: string, kind: KioskTap['kind']): KioskTap => ({
  key,
  name: 'Oscar Fraser',
  user_id: '6f1c2a52-5a3f-4c55-9f0e-0f4a2b9d7e11',
  pin: '1357',
  kind,
  device_time: '2026-11-27T08:58:00.000Z',
});

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the kiosk tablet’s queue', () => {
  it('keeps the token from the link, then from the tablet', () => {
    const storage = memory();
    expect(takeKioskToken(storage, '#abc')).toBe('abc');
    expect(takeKioskToken(storage, '')).toBe('abc');
  });

  it('keeps taps made with no signal and sends them in order, once each, with their keys and times', async () => {
    const storage = memory();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendTap(storage, 't', tap('k1', 'clock_in'))).toBe('queued');
    // A later tap waits behind the first, even with the network back.
    const sent: { key: string | null; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
        return Promise.resolve(json(200, { state: 'in' }));
      }),
    );
    expect(await sendTap(storage, 't', tap('k2', 'break_start'))).toBe('queued');
    expect(sent).toHaveLength(0);
    expect(await flushTaps(storage, 't')).toBe(2);
    expect(sent.map((item) => item.key)).toEqual(['k1', 'k2']);
    expect(sent[0]?.body).toEqual({
      user_id: tap('k1', 'clock_in').user_id,
      pin: '1357',
      kind: 'clock_in',
      device_time: '2026-11-27T08:58:00.000Z',
    });
    expect(queuedTaps(storage)).toEqual([]);
  });

  it('keeps a paused tap for later, and marks a refused one without its PIN', async () => {
    const storage = memory();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await sendTap(storage, 't', tap('k1', 'clock_in'));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(429, { code: 'rateLimited', message: 'Too many wrong PINs.' })));
    expect(await flushTaps(storage, 't')).toBe(0);
    expect(queuedTaps(storage)).toHaveLength(1);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(422, { code: 'validation', message: 'That PIN is not right. Try again.' })));
    expect(await flushTaps(storage, 't')).toBe(0);
    expect(queuedTaps(storage)).toEqual([{ ...tap('k1', 'clock_in'), pin: '', refused: 'That PIN is not right. Try again.' }]);
  });
});
