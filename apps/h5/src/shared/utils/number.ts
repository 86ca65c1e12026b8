/**
 * The value a number input settles on when it loses focus: clamped to [min, max].
 * Empty or non-numeric input falls back to `min` (or 0 without a minimum).
 */
export function clampNumber(value: number | string, min?: number, max?: number): number {
  let n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (Number.isNaN(n)) n = min ?? 0;
  if (min !== undefined && n < min) n = min;
  if (max !== undefined && n > max) n = max;
  return n;
}
