import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of the foundation. Each module declares its own tables by augmenting this
 * interface from its `tables.ts` (`declare module '../../shared/db/schema'`), so adding a
 * feature never edits this file.
 */
export interface Database {
  schema_migrations: { name: string; applied_at: Generated<Date> };
  users: UsersTable;
  user_login_records: UserLoginRecordsTable;
  app_config: { key: string; value: string; updated_at: Generated<Date> };
  sms_records: SmsRecordsTable;
  roles: RolesTable;
  user_profiles: UserProfilesTable;
  socialites: SocialitesTable;
  notifications: NotificationsTable;
  user_courses: UserCoursesTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  mobile: string;
  nick_name: string;
  avatar: ColumnType<string, string | undefined, string>;
  password: string;
  is_password_set: Flag;
  is_set_nickname: Flag;
  is_lock: Flag;
  is_active: Flag;
  role_id: ColumnType<number, number | undefined, number>;
  role_expired_at: Date | null;
  invite_user_id: number | null;
  /** Fen (migration 0220). */
  invite_balance: ColumnType<number, number | undefined, number>;
  credit1: ColumnType<number, number | undefined, number>;
  credit2: ColumnType<number, number | undefined, number>;
  credit3: ColumnType<number, number | undefined, number>;
  register_ip: ColumnType<string, string | undefined, string>;
  last_login_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserLoginRecordsTable {
  id: Generated<number>;
  user_id: number;
  jti: string;
  platform: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  ua: ColumnType<string, string | undefined, string>;
  iss: ColumnType<string, string | undefined, string>;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface SmsRecordsTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  provider: string;
  status: 'sent' | 'failed';
  error: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** Fen (migration 0220). */
  charge: number;
  expire_days: number;
  weight: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  is_show: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfilesTable {
  user_id: number;
  real_name: ColumnType<string, string | undefined, string>;
  id_number: ColumnType<string, string | undefined, string>;
  is_verify: Flag;
  verified_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SocialitesTable {
  id: Generated<number>;
  user_id: number;
  app: string;
  app_user_id: string;
  union_id: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface UserCoursesTable {
  user_id: number;
  course_id: number;
  /** Fen paid (migration 0220). */
  charge: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}
