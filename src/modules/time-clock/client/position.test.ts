// The position for a clock event: the phone's coordinates and accuracy when it answers; null
// when it refuses, when it has no geolocation, and when nobody answers the permission prompt
// before the timeout (the event then goes without one, flagged on the server).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capturePosition } from './position';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

function fakeGeolocation(answer: (success: Success, failure: Failure) => void): Geolocation {
  return {
    getCurrentPosition: vi.fn((success: Success, failure?: Failure | null) => answer(success, failure ?? (() => undefined))),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
}

const at = (latitude: number, longitude: number, accuracy: number) =>
  ({ coords: { latitude, longitude, accuracy }, timestamp: Date.now() }) as unknown as GeolocationPosition;

afterEach(() => vi.useRealTimers());

describe('capturePosition', () => {
  it('gives the coordinates and the accuracy the phone reports', async () => {
    const geolocation = fakeGeolocation((success) => success(at(53.7965, -1.5478, 14.23)));
    await expect(capturePosition({ geolocation })).resolves.toEqual({ latitude: 53.7965, longitude: -1.5478, accuracy: 14.2 });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 0,
    });
  });

  it('gives null when the person refuses, or there is no geolocation', async () => {
    const refused = fakeGeolocation((_, failure) => failure({ code: 1, message: 'denied' } as GeolocationPositionError));
    await expect(capturePosition({ geolocation: refused })).resolves.toBeNull();
    await expect(capturePosition({ geolocation: undefined })).resolves.toBeNull();
  });

  it('gives null once the timeout passes with no answer, and ignores an answer that comes later', async () => {
    vi.useFakeTimers();
    let late: Success | undefined;
    const geolocation = fakeGeolocation((success) => {
      late = success;
    });
    const position = capturePosition({ geolocation, timeoutMs: 5_000 });
    let result: unknown = 'pending';
    void position.then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBeNull();
    late?.(at(1, 2, 3));
    await expect(position).resolves.toBeNull();
  });
});
