// What waits for a screen's first paint: the browser paints a frame after the next animation
// frame's callbacks, so a task started from there runs once that frame is on screen. A slow
// phone shows the page's heading without waiting for what is out of sight, or hidden until its
// data arrives.
import { startTransition, useEffect, useState } from 'react';

/** Calls `then` once the frame being drawn now has been painted; returns the cancel. */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False while the component is first drawn, true once that frame has been painted (a transition, which yields to the browser). */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted]);
  return painted;
}
