import type { Generated } from 'kysely';
import type { SecurityEventKind } from '../../contract/security/entities';

// Row types of account security (migrations/018_account_security.sql), joined into the Database of
// schema.ts like the shop's, uploads', bureau's, leads' and tokens' tables. The sessions table's
// new columns are in schema.ts with the rest of it.

/** Seconds since the epoch (bigint). */
type Seconds = number;

export interface TotpFactorsTable {
  user_id: number;
  /** Base32. */
  secret: string;
  confirmed_at: Seconds | null;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Seconds;
  used_at: Seconds | null;
}

export interface PasskeysTable {
  id: string;
  user_id: number;
  public_key: Uint8Array;
  counter: Generated<number>;
  transports: Generated<string[]>;
  name: string;
  created_at: Seconds;
  last_used_at: Seconds | null;
}

export interface WebauthnChallengesTable {
  id: string;
  purpose: 'register' | 'login' | 'secondFactor';
  challenge: string;
  user_id: number | null;
  session_id: string | null;
  expires_at: Seconds;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: SecurityEventKind;
  detail: string | null;
  ip: string | null;
  created_at: Seconds;
}

export interface SecurityTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  security_events: SecurityEventsTable;
}
