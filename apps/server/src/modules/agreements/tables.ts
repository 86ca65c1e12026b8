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

export interface AgreementVersionsTable {
  id: Generated<number>;
  type: string;
  version: string;
  content: string;
  requires_consent: boolean;
  note: ColumnType<string, string | undefined, string>;
  administrator_id: number | null;
  administrator_name: ColumnType<string, string | undefined, string>;
  published_at: Date;
}

declare module '../../shared/db/schema' {
  interface Database {
    agreement_user_records: AgreementUserRecordsTable;
    agreement_versions: AgreementVersionsTable;
  }
}
