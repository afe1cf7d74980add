-- Bureau file cleansing (spec sections 3, 4 and 7, Bureau): the reference files (mafs) a file is
-- cleansed against, the priced cost types and their admin costs (history kept: a new price closes the
-- current one), the files of each account with their mapping and settings, test and file results,
-- and the job charges written once when a file's results are paid for. Money is integer minor units;
-- a per-record or per-match price is in ten-thousandths of a minor unit (0.35p is 3500); timestamps
-- are seconds.

create table bureau_mafs (
  id integer primary key,
  name text not null,
  -- ISO 3166 alpha-2 (spec: mafCountryCode), GB or AU.
  country_code text not null,
  territory text not null check (territory in ('uk', 'australia')),
  active boolean not null default true
);

create table bureau_cost_types (
  id integer primary key,
  name text not null unique,
  description text not null,
  -- When a file pays it: every file (cleanse), PAF addresses used (paf), a dedupe level set (dedupe),
  -- any suppression list on (suppression).
  applies_to text not null check (applies_to in ('cleanse', 'paf', 'dedupe', 'suppression'))
);

create table bureau_costs (
  id serial primary key,
  cost_type_id integer not null references bureau_cost_types (id),
  territory text not null check (territory in ('uk', 'australia')),
  base_price bigint not null check (base_price >= 0),
  price_per_record bigint not null check (price_per_record >= 0),
  price_per_match bigint not null check (price_per_match >= 0),
  -- What the provider pays the data owner (royalties), same units.
  real_price_per_record bigint not null check (real_price_per_record >= 0),
  real_price_per_match bigint not null check (real_price_per_match >= 0),
  -- A file is charged for at least this many records.
  min_rec_count integer not null default 0 check (min_rec_count >= 0),
  start_date bigint not null,
  -- Null while current; set when a newer price replaces it.
  end_date bigint,
  created_by integer references users (id) on delete set null,
  created_at bigint not null
);
-- One current price per cost type and territory.
create unique index bureau_costs_current on bureau_costs (cost_type_id, territory) where end_date is null;

-- How long an account keeps its uploads and results (days; the owner sets it).
create table bureau_retention (
  account_id integer primary key references groups (id) on delete cascade,
  upload_days integer not null check (upload_days between 1 and 365),
  result_days integer not null check (result_days between 1 and 365),
  updated_at bigint not null
);

create table bureau_files (
  id serial primary key,
  account_id integer not null references groups (id) on delete cascade,
  user_id integer references users (id) on delete set null,
  territory text not null check (territory in ('uk', 'australia')),
  name text not null check (length(name) between 1 and 255),
  -- spec: fileServerId, the completed upload of the file server.
  upload_id text not null references uploads (id),
  -- spec: testFileServerId, the sample of up to 300 lines taken evenly from the first chunk.
  test_upload_id text references uploads (id),
  delimiter text not null,
  has_header boolean not null,
  use_quotes boolean not null default true,
  row_count integer not null check (row_count >= 0),
  test_row_count integer not null check (test_row_count >= 0),
  -- columnSignature of the header: a file with the same columns is offered this file's mapping.
  column_signature text not null,
  template_file_id integer references bureau_files (id) on delete set null,
  -- The spec's inputFields: name, row1, row2, mappingType, mappingOrder, inputOrder.
  input_fields jsonb not null,
  maf_id integer references bureau_mafs (id),
  use_paf boolean not null default true,
  dedupe_level text check (dedupe_level in ('address', 'household', 'individual')),
  separate_file boolean not null default false,
  -- suppressGroupId -> suppress | flag | off.
  suppression jsonb not null default '{}',
  -- Selected output group ids.
  output_groups jsonb not null default '[]',
  status text not null default 'mapping'
    check (status in ('mapping', 'ready', 'queued', 'running', 'results', 'failed', 'paid', 'discarded')),
  -- Bumped by every change of mapping or settings; test and file results say which version they ran on.
  settings_version integer not null default 0,
  test_results jsonb,
  test_version integer,
  results jsonb,
  results_version integer,
  -- The results zip (AddressCleanseResults.zip) in the file storage, downloadable once paid.
  results_upload_id text references uploads (id),
  progress_done bigint not null default 0,
  progress_total bigint not null default 0,
  failure text,
  -- The price of the results, fixed when they were made: lines per cost type, net, tax, total.
  cost jsonb,
  order_id integer references orders (id),
  paid_at bigint,
  results_at bigint,
  created_at bigint not null,
  updated_at bigint not null,
  deleted_at bigint
);
create index bureau_files_account on bureau_files (account_id, created_at desc) where deleted_at is null;
create unique index bureau_files_order on bureau_files (order_id) where order_id is not null;

-- spec: Job charge. One per paid file (unique file_id: a file is charged once).
create table bureau_job_charges (
  id serial primary key,
  file_id integer not null unique references bureau_files (id) on delete cascade,
  account_id integer references groups (id) on delete set null,
  maf_id integer references bureau_mafs (id),
  territory text not null check (territory in ('uk', 'australia')),
  total_charges bigint not null check (total_charges >= 0),
  total_real_charges bigint not null check (total_real_charges >= 0),
  total_count integer not null check (total_count >= 0),
  date bigint not null,
  is_post_pay boolean not null default false,
  -- One per cost type: costTypeId, records, matches, charge, realCharge.
  transactions jsonb not null
);
create index bureau_job_charges_date on bureau_job_charges (territory, date);

insert into bureau_mafs (id, name, country_code, territory) values
  (1, 'Royal Mail PAF (sample)', 'GB', 'uk'),
  (2, 'G-NAF (sample)', 'AU', 'australia');

insert into bureau_cost_types (id, name, description, applies_to) values
  (1, 'Address cleanse', 'Every record of a file, matched against the reference file', 'cleanse'),
  (2, 'PAF addresses', 'Records whose address is replaced by the reference address (use PAF)', 'paf'),
  (3, 'Deduplication', 'Records deduplicated at the chosen level', 'dedupe'),
  (4, 'Suppression screening', 'Records screened against the suppression lists', 'suppression');

insert into bureau_costs (cost_type_id, territory, base_price, price_per_record, price_per_match, real_price_per_record, real_price_per_match, min_rec_count, start_date, created_at) values
  (1, 'uk', 500, 5000, 0, 1000, 0, 1000, 0, 0),
  (2, 'uk', 0, 0, 3500, 0, 2000, 0, 0, 0),
  (3, 'uk', 0, 1000, 0, 0, 0, 0, 0, 0),
  (4, 'uk', 250, 2000, 0, 1500, 0, 0, 0, 0),
  (1, 'australia', 800, 8000, 0, 1500, 0, 1000, 0, 0),
  (2, 'australia', 0, 0, 5000, 0, 2500, 0, 0, 0),
  (3, 'australia', 0, 1500, 0, 0, 0, 0, 0, 0),
  (4, 'australia', 400, 3000, 0, 2000, 0, 0, 0, 0);
