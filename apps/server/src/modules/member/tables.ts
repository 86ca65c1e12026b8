import type { ColumnType, Generated } from 'kysely';

export type DeleteJobStatus = 'pending' | 'cancelled' | 'done';

export interface UserDeleteJobsTable {
  id: Generated<number>;
  user_id: number;
  status: ColumnType<DeleteJobStatus, DeleteJobStatus | undefined, DeleteJobStatus>;
  submit_at: Date;
  expired_at: Date;
  handled_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UserUploadImagesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  storage_key: string;
  url: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../shared/db/schema' {
  interface Database {
    user_delete_jobs: UserDeleteJobsTable;
    user_upload_images: UserUploadImagesTable;
  }
}
