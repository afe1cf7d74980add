import type { Generated } from 'kysely';
import type { DqService } from '../../contract/shared/catalogue';

// Row types of the API tokens and the usage alerts (migrations/005_tokens_and_metering.sql), joined
// into the Database of schema.ts like the shop's, uploads', bureau's and leads' tables.

/** Seconds since the epoch (bigint). */
type Seconds = number;

export type TokenType = 'server' | 'browser';
export type TokenAction = 'create' | 'update' | 'lock' | 'unlock' | 'export' | 'delete' | 'cap';

export interface TokensTable {
  id: Generated<number>;
  account_id: number;
  type: TokenType;
  tag: string;
  locked: Generated<boolean>;
  /** CIDR networks; empty: anywhere. */
  ip_ranges: Generated<string[]>;
  /** Host pattern such as '*.example.com'; null: any. */
  referrer: string | null;
  /** Seconds; 0 (1970-01-01): no expiry. */
  expiry: Generated<Seconds>;
  services: DqService[];
  daily_cap: number | null;
  created_at: Seconds;
  created_by: number | null;
  updated_at: Seconds;
  updated_by: number | null;
  deleted_at: Seconds | null;
}

export interface TokenDayUsageTable {
  token_id: number;
  day: Seconds;
  clicks: number;
}

export interface TokenAuditTable {
  id: Generated<number>;
  account_id: number;
  token_id: number | null;
  token_tag: string;
  user_id: number | null;
  action: TokenAction;
  detail: Generated<string>;
  at: Seconds;
}

export interface UsageAlertsTable {
  account_id: number;
  plan_id: number;
  /** Percentages 1-100 of the clicks bought. */
  thresholds: number[];
  updated_at: Seconds;
  updated_by: number | null;
}

export interface UsageAlertMarksTable {
  account_id: number;
  plan_id: number;
  threshold: number;
  clicks_total: number;
  sent_at: Seconds;
}

export interface TokenTables {
  tokens: TokensTable;
  token_day_usage: TokenDayUsageTable;
  token_audit: TokenAuditTable;
  usage_alerts: UsageAlertsTable;
  usage_alert_marks: UsageAlertMarksTable;
}
