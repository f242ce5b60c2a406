// The two-factor code's time to live, counted down in mm:ss. Counted from the
// clock, not from ticks, so a phone that slept or a throttled background tab shows the truth.
import { useEffect, useState } from 'react';

export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds left until `deadline` (epoch ms), updated every second; `onExpired` runs once at zero. */
export function useSecondsLeft(deadline: number, onExpired: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(deadline, now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  return left;
}
