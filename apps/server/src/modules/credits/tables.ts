import type { ColumnType, Generated } from 'kysely';

export interface UserCredit1RecordsTable {
  id: Generated<number>;
  user_id: number;
  sum: number;
  remark: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../shared/db/schema' {
  interface Database {
    user_credit1_records: UserCredit1RecordsTable;
  }
}
