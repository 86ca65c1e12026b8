import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * Relative time: 刚刚 / N分钟前 / N小时前 / N天前, then `MM-DD HH:mm` within a
 * year and `YYYY-MM-DD HH:mm` beyond. Absolute forms are shown at UTC+0.
 */
export function changeTime(date: string | number | Date, now: Date = new Date()): string {
  const then = dayjs(date);
  if (!then.isValid()) return '';
  const seconds = Math.floor((now.getTime() - then.valueOf()) / 1000);
  if (seconds < MINUTE) return '刚刚';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}分钟前`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}小时前`;
  if (seconds < 7 * DAY) return `${Math.floor(seconds / DAY)}天前`;
  if (seconds < 365 * DAY) return then.utc().format('MM-DD HH:mm');
  return then.utc().format('YYYY-MM-DD HH:mm');
}
