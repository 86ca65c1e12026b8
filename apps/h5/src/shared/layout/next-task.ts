/** Resolves in a later task, so the work after it does not lengthen the current one. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `run` once, in the task after the browser's next paint. A hidden tab paints no frames, so
 * it runs after `hiddenTabMs` there.
 */
export function afterNextPaint(run: () => void, hiddenTabMs: number): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, hiddenTabMs);
}
