// What waits for a screen's first paint: the browser paints a frame after the next animation
// frame's callbacks, so a task started from there runs once that frame is on screen. A slow
// phone shows the page without waiting for what is out of sight (the side menu's entries).

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
