// "Allow notifications on this device" when the browser's push service never answers: the
// subscription gives up after PUSH_ANSWER_TIMEOUT_MS with a message instead of spinning for ever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_ANSWER_TIMEOUT_MS, PushRefused, subscribeThisDevice } from './push-device';

describe('subscribeThisDevice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    const registration = {
      pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => new Promise(() => undefined) },
    };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => Promise.resolve('granted') });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('ends with "did not answer" when the push service never answers', async () => {
    const outcome = subscribeThisDevice('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U').catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(PUSH_ANSWER_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PushRefused);
    expect((error as PushRefused).reason).toBe('timeout');
    expect((error as Error).message).toMatch(/did not answer/);
  });
});
