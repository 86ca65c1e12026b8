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

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MemberTagsTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface MemberTagLinksTable {
  user_id: number;
  tag_id: number;
  created_at: CreatedAt;
}

export interface MemberRemarksTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  administrator_id: number | null;
  administrator_name: string;
  created_at: CreatedAt;
}

export type MemberImportState = 'previewed' | 'queued' | 'running' | 'done';

export interface MemberImportsTable {
  id: Generated<number>;
  file_name: string;
  state: ColumnType<MemberImportState, MemberImportState | undefined, MemberImportState>;
  total: number;
  valid: number;
  invalid: number;
  imported: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  last_row: ColumnType<number, number | undefined, number>;
  administrator_id: number | null;
  administrator_name: string;
  created_at: CreatedAt;
  committed_at: Date | null;
  finished_at: Date | null;
}

export interface MemberImportRowsTable {
  import_id: number;
  row_number: number;
  mobile: string;
  nick_name: string;
  password: ColumnType<string, string | undefined, string>;
  course_ids: ColumnType<number[], number[] | undefined, number[]>;
  role_id: number | null;
  vip_days: number | null;
  error: ColumnType<string, string | undefined, string>;
  outcome: ColumnType<string, string | undefined, string>;
  user_id: number | null;
}

declare module '../../shared/db/schema' {
  interface Database {
    user_delete_jobs: UserDeleteJobsTable;
    user_upload_images: UserUploadImagesTable;
    member_tags: MemberTagsTable;
    member_tag_links: MemberTagLinksTable;
    member_remarks: MemberRemarksTable;
    member_imports: MemberImportsTable;
    member_import_rows: MemberImportRowsTable;
  }
}
