import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type FileStorage } from './file-storage';

/** Files under `<DATA_DIR>/storage`, served by this API at `<APP_URL>/storage/<key>`. */
export class LocalFileStorage implements FileStorage {
  readonly name = 'local' as const;

  constructor(
    readonly rootDir: string,
    private readonly publicBaseUrl: string,
  ) {}

  /** The file behind a key, or null when the key is unsafe. */
  pathOf(key: string): string | null {
    try {
      assertSafeKey(key);
    } catch {
      return null;
    }
    return path.join(this.rootDir, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<string> {
    assertSafeKey(key);
    const target = this.pathOf(key)!;
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, target);
    return `${this.publicBaseUrl}/${key}`;
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    if (target) await fs.rm(target, { force: true });
  }
}
