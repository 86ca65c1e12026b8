import type { ColumnType, Generated } from 'kysely';

export interface AgreementUserRecordsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  version: string;
  agreed_at: Date;
  ip: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
  platform: ColumnType<string, string | undefined, string>;
}

declare module '../../shared/db/schema' {
  interface Database {
    agreement_user_records: AgreementUserRecordsTable;
  }
}
