/**
 * MeEdu serialises model timestamps as ISO with microseconds (`…T09:33:52.000000Z`) and every
 * other datetime as a "raw" `YYYY-MM-DD HH:mm:ss` string in the app timezone (PRC, UTC+8).
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export function isoTimestamp(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function rawDateTime(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const DAY_MS = 24 * 3600 * 1000;

/** The instant the school's day (Asia/Shanghai, UTC+8 all year) holding `value` began. */
export function chinaDayStart(value: Date): Date {
  const shifted = value.getTime() + CHINA_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - CHINA_OFFSET_MS);
}
