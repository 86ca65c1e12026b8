import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;

export type BroadcastState = 'queued' | 'sending' | 'done';

/** Migration 0110: a message sent from the console to a group of members. */
export interface MessageBroadcastsTable {
  id: Generated<number>;
  message: string;
  audience: string;
  course_id: number | null;
  member_id: number | null;
  /** `YYYY-MM-DD` (UTC+8), both days included. */
  registered_from: string | null;
  registered_to: string | null;
  state: ColumnType<BroadcastState, BroadcastState | undefined, BroadcastState>;
  total: Counter;
  sent: Counter;
  /** The last member id delivered; the next batch starts after it. */
  last_user_id: Counter;
  administrator_id: number | null;
  administrator_name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Date | null;
}

declare module '../../shared/db/schema' {
  interface Database {
    message_broadcasts: MessageBroadcastsTable;
  }
  /** Migration 0110: the broadcast a notification came from (one per member, unique). */
  interface NotificationsTable {
    broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
  }
}
