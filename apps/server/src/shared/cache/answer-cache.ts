/** More keys than the few pages and platforms there are: a client inventing keys cannot grow the cache. */
const MAX_KEYS = 64;

/**
 * Answers operators change rarely and every page load asks for (navigation, friendly links,
 * sliders, home blocks), kept in this process like the settings: for at most `freshMs` per key,
 * one load at a time. A change made through this node (a console write, an operator command)
 * calls `invalidate()`, so it shows at once here; other nodes load it again within `freshMs`.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { answer: Promise<unknown>; loadedAt: number }>();

  constructor(
    private readonly freshMs: number,
    private readonly now: () => number,
  ) {}

  /** The answer under `key` while it is fresh, else `load()`'s (a failed load is not kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.freshMs) return entry.answer as Promise<T>;
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
    const answer = load();
    const loaded = { answer, loadedAt: this.now() };
    this.entries.set(key, loaded);
    answer.catch(() => {
      if (this.entries.get(key) === loaded) this.entries.delete(key);
    });
    return answer;
  }

  /** Forgets every answer: the next request of each loads it anew. */
  invalidate(): void {
    this.entries.clear();
  }
}
