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

const NO_IDLE_CALLBACK_DELAY_MS = 1000;

/**
 * Runs `run` when the main thread is idle, or after `timeoutMs` at the latest (browsers without
 * idle callbacks run it after a short delay).
 */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, Math.min(timeoutMs, NO_IDLE_CALLBACK_DELAY_MS));
}
