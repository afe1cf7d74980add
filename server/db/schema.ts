import type { ColumnType, Generated } from 'kysely';
import type { Calculator, DqService, PriceTier } from '../../contract/shared/catalogue';
import type { AccessLevel, GroupType } from '../../contract/shared/access';
import type { Role } from '../../contract/shared/roles';
import type { Territory } from '../../contract/shared/territory';
import type { AddressField } from '../../contract/shared/address';
import type { BureauTables } from './bureauSchema';
import type { LeadTables } from './leadsSchema';
import type { ShopTables } from './shopSchema';
import type { TokenTables } from './tokenSchema';
import type { SecurityTables } from './securitySchema';
export type { TokenAction, TokenType, TokensTable } from './tokenSchema';
import type { UploadTables } from './uploadSchema';

// Row types of the tables made by migrations/*.sql, written once beside them: one interface per
// table, columns in snake_case as the SQL names them (no CamelCasePlugin: a query reads like the
// SQL it runs, and the few camelCase names of the contract are aliased where they are selected).
// A column with a default or a serial is Generated: optional on insert. bigint columns are numbers
// (both back ends parse INT8 to number, see pglite.ts and postgres.ts).

/** Seconds since the epoch (bigint). */
type Seconds = number;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Seconds;
}

/** The address columns users and groups both have (contract/shared/address.ts). */
type AddressColumns = { [K in AddressField]: string | null };

export interface UsersTable extends AddressColumns {
  id: Generated<number>;
  user_name: string;
  email: string;
  password_hash: string;
  personal_name: string | null;
  company_name: string | null;
  territory: Generated<Territory>;
  roles: Generated<Role[]>;
  validated: Generated<boolean>;
  locked: Generated<boolean>;
  is_group: Generated<boolean>;
  type: string | null;
  sub_type: string | null;
  create_timestamp: Seconds;
  update_timestamp: Seconds;
  activity_timestamp: Seconds | null;
}

export interface UserCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'validate' | 'reset';
  code_hash: string;
  expires_at: Seconds;
  attempts: Generated<number>;
  used_at: Seconds | null;
  created_at: Seconds;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: Seconds;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  kind: 'session' | 'api';
  created_at: Seconds;
  expires_at: Seconds;
  revoked_at: Seconds | null;
  /** The API token an exported ('api') session is bound to (migration 005). */
  token_id: Generated<number | null>;
  /** How far sign-in has got (migration 018): only 'full' opens the portal's calls. */
  stage: Generated<'full' | 'secondFactor' | 'enrol'>;
  user_agent: Generated<string | null>;
  ip: Generated<string | null>;
  last_used_at: Generated<Seconds | null>;
}

export interface OutboxTable {
  id: Generated<number>;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Seconds;
}

export interface GroupsTable extends AddressColumns {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  type: GroupType;
  subtype: string | null;
  territory: Generated<Territory>;
  pending_ownership: Generated<boolean>;
  /** Its owners require a second factor of its members (migration 018). */
  require_two_factor: Generated<boolean>;
  charity_psl_number: string | null;
  is_in_verify_process: Generated<boolean>;
  is_royal_mail_discount: Generated<boolean>;
  is_os_discount: Generated<boolean>;
  charity_valid: boolean | null;
  creation_user_id: number | null;
  update_user_id: number | null;
  create_timestamp: Seconds;
  update_timestamp: Seconds;
  activity_timestamp: Seconds | null;
}

export interface GroupUsersTable {
  group_id: number;
  user_id: number;
  access_level: AccessLevel;
  create_timestamp: Seconds;
}

export interface InvitesTable {
  jti: string;
  group_id: number;
  email: string;
  access_level: AccessLevel;
  take_ownership: Generated<boolean>;
  invited_by: number | null;
  created_at: Seconds;
  expires_at: Seconds;
  used_at: Seconds | null;
  used_by: number | null;
}

export interface PermissionsTable {
  id: Generated<number>;
  ref_id: string;
  name: string;
  description: Generated<string>;
  parent_id: number | null;
  admin: Generated<boolean>;
  is_notification: Generated<boolean>;
  is_service: Generated<boolean>;
  def: Generated<boolean>;
  display_order: Generated<number>;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
  enabled: boolean;
  update_timestamp: Seconds;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  display_order: Generated<number>;
}

export interface UserServicesTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  service_id: number;
  token_id: number | null;
  create_timestamp: Seconds;
}

export interface DatasetsTable {
  id: Generated<number>;
  name: string;
  dataset_ref: string;
  service: DqService;
  description: Generated<string>;
  created_at: Seconds;
  created_by: number | null;
  updated_at: Seconds;
  updated_by: number | null;
}

/** jsonb: read as parsed JSON, written as its JSON text (pg would send a JS array as a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

export interface PlansTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  dataset_id: number;
  duration_months: number;
  available_start: Seconds;
  available_end: Seconds | null;
  calculator: Calculator;
  pricing: Json<PriceTier[]>;
  territory: Territory;
  allow_test: Generated<boolean>;
  display_order: Generated<number>;
  deprecated_by_plan_id: number | null;
  created_at: Seconds;
  created_by: number | null;
  updated_at: Seconds;
  updated_by: number | null;
}

export interface PlanFiltersTable {
  id: Generated<number>;
  plan_id: number;
  description: string;
  category: string;
  display_order: Generated<number>;
}

export interface PlanComparisonsTable {
  id: Generated<number>;
  plan_id: number;
  description: string;
  display_order: Generated<number>;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  plan_id: number;
  enabled: Generated<boolean>;
  renew_clicks: Generated<number>;
  created_at: Seconds;
  updated_at: Seconds;
}

export type BundleSource = 'staff' | 'shop' | 'renewal';

export interface BundlesTable {
  id: Generated<number>;
  account_id: number;
  plan_id: number;
  clicks: number;
  used_clicks: Generated<number>;
  /** Minor units (bigint). */
  price: number;
  start_date: Seconds;
  end_date: Seconds;
  source: BundleSource;
  created_at: Seconds;
  created_by: number | null;
  /** The order that bought it (shop, renewal); null for staff bundles. */
  order_id: Generated<number | null>;
  /** Ended early by staff (migration 014): its clicks are no longer spent; null while it runs its course. */
  ended_at: Generated<Seconds | null>;
  ended_by: Generated<number | null>;
  end_reason: Generated<string | null>;
}

export interface UsageDailyTable {
  account_id: number;
  plan_id: number;
  /** Seconds at UTC midnight. */
  day: Seconds;
  token_id: number | null;
  country: Generated<string>;
  clicks: Generated<number>;
  /** Test calls (free, see the meter's test calls) of the same account, plan, day, token and country. */
  test_calls: Generated<number>;
}

export interface EmailResultsTable {
  id: string;
  account_id: number;
  token_id: number | null;
  user_id: number | null;
  email: string;
  result: string;
  /** The engine's verdict (server/engines/email/verify.ts EmailVerdict) as JSON. */
  verdict: Json<unknown>;
  created_at: Seconds;
}

export interface Database extends ShopTables, UploadTables, BureauTables, LeadTables, TokenTables, SecurityTables {
  settings: SettingsTable;
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  user_codes: UserCodesTable;
  login_attempts: LoginAttemptsTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  groups: GroupsTable;
  group_users: GroupUsersTable;
  invites: InvitesTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  services: ServicesTable;
  user_services: UserServicesTable;
  datasets: DatasetsTable;
  plans: PlansTable;
  plan_filters: PlanFiltersTable;
  plan_comparisons: PlanComparisonsTable;
  subscriptions: SubscriptionsTable;
  bundles: BundlesTable;
  usage_daily: UsageDailyTable;
  email_results: EmailResultsTable;
}
