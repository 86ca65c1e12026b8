import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AnnouncementsTable {
  id: Generated<number>;
  admin_id: ColumnType<number, number | undefined, number>;
  title: string;
  announcement: string;
  view_times: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    announcements: AnnouncementsTable;
  }
}
