import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Counter = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;
/** jsonb: written as JSON text, read back parsed. */
type Json = ColumnType<unknown, string | null | undefined, string | null>;

/** Migration 0090: operator-console accounts. `role` is the key of an `admin_roles` row (0240). */
export interface AdministratorsTable {
  id: Generated<number>;
  username: string;
  display_name: Text;
  password: string;
  role: string;
  is_disabled: Counter;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0150: the TOTP secret (base32) while 2FA is on; never sent to a client. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: NullableTimestamp;
  /** bigint: read back as text by pg. */
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  administrator_id: number;
  csrf_token: string;
  ip: Text;
  user_agent: Text;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface AdminAuditLogsTable {
  id: Generated<string>;
  administrator_id: number | null;
  administrator_name: string;
  action: string;
  target_type: Text;
  target_id: Text;
  before: Json;
  after: Json;
  ip: Text;
  created_at: Timestamp;
}

/** Migration 0240: console roles, four presets and those a 超级管理员 creates. */
export interface AdminRolesTable {
  key: string;
  name: string;
  description: Text;
  /** A JSON array of permission keys. */
  permissions: Json;
  is_preset: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    admin_roles: AdminRolesTable;
    administrators: AdministratorsTable;
    admin_sessions: AdminSessionsTable;
    admin_audit_logs: AdminAuditLogsTable;
  }
}
