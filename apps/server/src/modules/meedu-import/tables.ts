import type { ColumnType } from 'kysely';

type Counter = ColumnType<number, number | undefined, number>;

/** Migration 0191: how far `migrate:meedu` has got, per step. */
export interface MeeduImportProgressTable {
  step: string;
  last_key: ColumnType<string, string | undefined, string>;
  rows_read: Counter;
  written: Counter;
  merged: Counter;
  dropped: Counter;
  notes: ColumnType<string, string | undefined, string>;
  done: Counter;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../shared/db/schema' {
  interface Database {
    meedu_import_progress: MeeduImportProgressTable;
  }
}
