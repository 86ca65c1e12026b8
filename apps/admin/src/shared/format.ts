/** A time as the console shows it (China locale, 24-hour clock); `—` when there is none. */
export const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';
