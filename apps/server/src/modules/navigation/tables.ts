import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;

export interface NavsTable {
  id: Generated<number>;
  sort: Counter;
  name: string;
  url: string;
  active_routes: ColumnType<string, string | undefined, string>;
  platform: ColumnType<string, string | undefined, string>;
  parent_id: Counter;
  blank: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LinksTable {
  id: Generated<number>;
  sort: Counter;
  name: string;
  url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SlidersTable {
  id: Generated<number>;
  thumb: string;
  sort: Counter;
  url: ColumnType<string, string | undefined, string>;
  platform: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    navs: NavsTable;
    links: LinksTable;
    sliders: SlidersTable;
  }
}
