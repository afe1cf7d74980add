import type { Generated } from 'kysely';
import type { DqService } from '../../contract/shared/catalogue';
import type { LeadStatus } from '../../contract/shared/leads';

// Row types of migration 011 (partner leads and lead options). Seconds since the epoch are numbers;
// close_date is a date column, written as yyyy-mm-dd and read as that text through to_char (both
// drivers would parse a date to a local-time Date), see server/modules/leads/queries.ts.

export interface LeadOptionsTable {
  id: Generated<number>;
  option: string;
  requirement: Generated<string>;
  retired: Generated<boolean>;
  created_at: number;
  updated_at: number;
}

export interface LeadsTable {
  id: Generated<number>;
  partner_id: number;
  company_name: string;
  contact_name: string;
  services: DqService[];
  close_date: string;
  status: Generated<LeadStatus>;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country: string | null;
  email: string;
  phone_number: Generated<string>;
  job_title: Generated<string>;
  division: Generated<string>;
  integrations: Generated<string>;
  enrichments: Generated<string>;
  cleansing: Generated<string>;
  probability: Generated<number>;
  joint_meeting: Generated<boolean>;
  description: Generated<string>;
  created_at: number;
  created_by: number | null;
  updated_at: number;
  updated_by: number | null;
}

export interface LeadStatusHistoryTable {
  id: Generated<number>;
  lead_id: number;
  from_status: LeadStatus | null;
  to_status: LeadStatus;
  note: Generated<string>;
  at: number;
  user_id: number | null;
}

export interface LeadChoicesTable {
  lead_id: number;
  option_id: number;
}

export interface LeadTables {
  lead_options: LeadOptionsTable;
  leads: LeadsTable;
  lead_status_history: LeadStatusHistoryTable;
  lead_choices: LeadChoicesTable;
}
