export const SEARCH_HISTORY_KEY = 'kezhan-search-history';
export const SEARCH_HISTORY_LIMIT = 10;

export function readHistory(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, SEARCH_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Puts a search first, without duplicates, keeping the latest ten. */
export function addToHistory(keywords: string): string[] {
  const text = keywords.trim();
  const next = [text, ...readHistory().filter((k) => k !== text)]
    .filter(Boolean)
    .slice(0, SEARCH_HISTORY_LIMIT);
  try {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    /* private mode: no history */
  }
  return next;
}

export function clearHistory(): void {
  try {
    localStorage.removeItem(SEARCH_HISTORY_KEY);
  } catch {
    /* nothing stored */
  }
}
