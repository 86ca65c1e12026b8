/** MeEdu's values as Kezhan stores them. */
import { wholeYuanToFen } from '../../shared/money';

/** A naive PRC wall-clock string (`2024-05-01 12:00:00`) as the instant it meant (+08:00). */
export function chinaTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '' || value.startsWith('0000-00-00')) return null;
  const date = new Date(`${value.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** MeEdu flags: 1 is yes; 0 and -1 (the old "no") are no. */
export const flag = (value: unknown): number => (Number(value) === 1 ? 1 : 0);

/** `/storage/…`, `/images/…`: relative to the old MeEdu host, made absolute there. */
export function absoluteUrl(value: unknown, oldHost: string): { url: string; changed: boolean } {
  const url = typeof value === 'string' ? value : '';
  if (url.startsWith('/') && !url.startsWith('//') && oldHost) return { url: oldHost + url, changed: true };
  return { url, changed: false };
}

/** PHP's json_encode output (`\u`-escaped, `\/`) of a notification, or the text as it is. */
export function notificationText(data: unknown): string {
  const text = typeof data === 'string' ? data : '';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed?.message === 'string') return parsed.message;
  } catch {
    // Not JSON: keep the raw text rather than lose the message.
  }
  return text;
}

/** Text of a legacy (2024) comment: Markdown source without tags, as MeEdu's own upgrade copies it. */
export const plainText = (value: unknown): string =>
  (typeof value === 'string' ? value : '').replace(/<[^>]*>/g, '').trim();

export const int = (value: unknown): number => Number(value ?? 0) || 0;

/** A MeEdu money column in whole yuan (every one but the refunds' fen) as Kezhan's fen. */
export const fen = (yuanValue: unknown): number => wholeYuanToFen(int(yuanValue));
export const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
