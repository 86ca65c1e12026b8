import type { Db } from '../db/database';
import { isSettingKey, normaliseSettingValue, SETTING_DEFINITIONS, type SettingKey } from './definitions';

export type SettingsSnapshot = {
  text(key: SettingKey): string;
  int(key: SettingKey): number;
  bool(key: SettingKey): boolean;
  /** Changes whenever a setting changes; lets callers cache what they derive from settings. */
  version: number;
};

/**
 * Reads settings from `app_config` with a short in-process cache. A write through this service
 * is visible at once on this node; other nodes see it within `cacheMs`.
 */
export class SettingsService {
  private cached: { snapshot: SettingsSnapshot; loadedAt: number } | undefined;
  private loading: Promise<SettingsSnapshot> | undefined;
  private version = 0;

  constructor(
    private readonly db: Db,
    private readonly cacheMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached snapshot while it is fresh, without waiting; `undefined` when it must be reloaded. */
  freshSnapshot(): SettingsSnapshot | undefined {
    return this.cached && this.now() - this.cached.loadedAt < this.cacheMs ? this.cached.snapshot : undefined;
  }

  async snapshot(): Promise<SettingsSnapshot> {
    const fresh = this.freshSnapshot();
    if (fresh) return fresh;
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<SettingsSnapshot> {
    const rows = await this.db.selectFrom('app_config').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const text = (key: SettingKey) => stored.get(key) ?? SETTING_DEFINITIONS[key].default;
    const signature = JSON.stringify(rows.map((row) => [row.key, row.value]).sort());
    if (signature !== this.lastSignature) {
      this.lastSignature = signature;
      this.version += 1;
    }
    const snapshot: SettingsSnapshot = {
      text,
      int: (key) => Number.parseInt(text(key), 10) || 0,
      bool: (key) => text(key) === 'true',
      version: this.version,
    };
    this.cached = { snapshot, loadedAt: this.now() };
    return snapshot;
  }

  private lastSignature = '';

  async set(key: string, raw: string): Promise<string> {
    if (!isSettingKey(key)) throw new Error(`Unknown setting: ${key}`);
    const result = normaliseSettingValue(key, raw);
    if ('error' in result) throw new Error(result.error);
    await this.db
      .insertInto('app_config')
      .values({ key, value: result.value })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: result.value, updated_at: new Date() }),
      )
      .execute();
    this.cached = undefined;
    return result.value;
  }

  async get(key: string): Promise<string> {
    if (!isSettingKey(key)) throw new Error(`Unknown setting: ${key}`);
    return (await this.snapshot()).text(key);
  }

  async list(): Promise<{ key: SettingKey; value: string; type: string; description: string }[]> {
    const snapshot = await this.snapshot();
    return (Object.keys(SETTING_DEFINITIONS) as SettingKey[]).map((key) => ({
      key,
      value: snapshot.text(key),
      type: SETTING_DEFINITIONS[key].type,
      description: SETTING_DEFINITIONS[key].description,
    }));
  }
}
