import type { ColumnType, Generated } from 'kysely';
import type { DedupeLevelKey, FileCosts, FileResults, FileStatus, InputField, SuppressSetting, TestResults } from '../../contract/bureau/entities';
import type { FileEncoding } from '../../contract/shared/bureau';
import type { Territory } from '../../contract/shared/territory';

// Row types of migration 010 (bureau file cleansing). Prices per record and per match are in
// ten-thousandths of a minor unit; other money is minor units; timestamps are seconds.

/** A jsonb column: read as T, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface BureauMafsTable {
  id: number;
  name: string;
  country_code: string;
  territory: Territory;
  active: Generated<boolean>;
}

export interface BureauCostTypesTable {
  id: number;
  name: string;
  description: string;
  applies_to: 'cleanse' | 'paf' | 'dedupe' | 'suppression';
}

export interface BureauCostsTable {
  id: Generated<number>;
  cost_type_id: number;
  territory: Territory;
  base_price: number;
  price_per_record: number;
  price_per_match: number;
  real_price_per_record: number;
  real_price_per_match: number;
  min_rec_count: Generated<number>;
  start_date: number;
  end_date: number | null;
  created_by: number | null;
  created_at: number;
}

export interface BureauRetentionTable {
  account_id: number;
  upload_days: number;
  result_days: number;
  updated_at: number;
}

/** One line of a job charge: what a cost type charged for a file. */
export type ChargeTransaction = { costTypeId: number; name: string; records: number; matches: number; charge: number; realCharge: number };

export interface BureauFilesTable {
  id: Generated<number>;
  account_id: number;
  user_id: number | null;
  territory: Territory;
  name: string;
  upload_id: string;
  test_upload_id: string | null;
  delimiter: string;
  has_header: boolean;
  use_quotes: Generated<boolean>;
  /** The encoding the file is read in, and the one detected (contract/shared/bureau.ts fileEncodings). */
  encoding: Generated<FileEncoding>;
  detected_encoding: Generated<FileEncoding>;
  /** A given test file's encoding; null: the server's own test sample, stored as UTF-8. */
  test_encoding: FileEncoding | null;
  /** The server's test sample: [line in the sample, line in the file] of each record; null for a given test file. */
  test_lines: ColumnType<[number, number][] | null, string | null | undefined, string | null>;
  row_count: number;
  test_row_count: number;
  column_signature: string;
  template_file_id: number | null;
  input_fields: Json<InputField[]>;
  maf_id: number | null;
  use_paf: Generated<boolean>;
  dedupe_level: DedupeLevelKey | null;
  separate_file: Generated<boolean>;
  /** suppressGroupId (as text) -> setting. */
  suppression: ColumnType<Record<string, SuppressSetting>, string | undefined, string>;
  output_groups: ColumnType<number[], string | undefined, string>;
  status: Generated<FileStatus>;
  settings_version: Generated<number>;
  test_results: Json<TestResults> | null;
  test_version: number | null;
  results: Json<FileResults> | null;
  results_version: number | null;
  results_upload_id: string | null;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  failure: string | null;
  cost: Json<FileCosts> | null;
  order_id: number | null;
  paid_at: number | null;
  results_at: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface BureauJobChargesTable {
  id: Generated<number>;
  file_id: number;
  account_id: number | null;
  maf_id: number | null;
  territory: Territory;
  total_charges: number;
  total_real_charges: number;
  total_count: number;
  date: number;
  is_post_pay: Generated<boolean>;
  transactions: Json<ChargeTransaction[]>;
}

export interface BureauTables {
  bureau_mafs: BureauMafsTable;
  bureau_cost_types: BureauCostTypesTable;
  bureau_costs: BureauCostsTable;
  bureau_retention: BureauRetentionTable;
  bureau_files: BureauFilesTable;
  bureau_job_charges: BureauJobChargesTable;
}
