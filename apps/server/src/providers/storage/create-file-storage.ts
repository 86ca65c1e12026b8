import path from 'node:path';
import type { ServerEnv } from '../../config/env';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

export function createFileStorage(env: ServerEnv, now: () => Date): FileStorage {
  if (env.storage.driver === 's3') return new S3FileStorage(env.storage.s3, now);
  return new LocalFileStorage(path.join(env.dataDir, 'storage'), `${env.appUrl}/storage`);
}
