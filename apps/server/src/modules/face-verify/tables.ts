import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FaceVerifyRecordsTable {
  id: Generated<number>;
  user_id: number;
  biz_token: string;
  rule_id: string;
  request_id: ColumnType<string, string | undefined, string>;
  provider: string;
  /** 0 started, 5 not passed, 9 passed. */
  status: ColumnType<number, number | undefined, number>;
  failure: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    face_verify_records: FaceVerifyRecordsTable;
  }
}
