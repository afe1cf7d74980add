-- Partner leads (spec sections 2, 3 and 7, Leads): the leads a partner submits, the history of
-- their status moves, the lead options super offers on the form, and the options chosen per lead.
-- Timestamps are seconds since the epoch; a close date is a calendar date (yyyy-mm-dd).

create table lead_options (
  id serial primary key,
  option text not null check (length(option) between 1 and 200),
  requirement text not null default '' check (length(requirement) <= 2000),
  -- An option chosen on a lead is never deleted: it is retired (off the form, kept on its leads).
  retired boolean not null default false,
  created_at bigint not null,
  updated_at bigint not null
);
create unique index lead_options_option on lead_options (lower(option));

create table leads (
  id serial primary key,
  -- The partner group it was submitted under (the spec's parentId).
  partner_id integer not null references groups (id) on delete cascade,
  company_name text not null check (length(company_name) between 1 and 200),
  contact_name text not null check (length(contact_name) between 1 and 200),
  -- The data-quality services (contract/shared/catalogue.ts dqServices) the company wants.
  services text[] not null check (cardinality(services) > 0),
  close_date date not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost')),
  address1 text,
  address2 text,
  address3 text,
  address4 text,
  town text,
  county text,
  postcode text,
  country text,
  email text not null,
  phone_number text not null default '',
  job_title text not null default '',
  division text not null default '',
  integrations text not null default '',
  enrichments text not null default '',
  cleansing text not null default '',
  probability integer not null default 0 check (probability between 0 and 100),
  joint_meeting boolean not null default false,
  description text not null default '',
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null
);
create index leads_partner on leads (partner_id, id desc);

-- Every status a lead has had, its first ('new', from null) included: who moved it, when, and the
-- note mailed to the partner's owners.
create table lead_status_history (
  id serial primary key,
  lead_id integer not null references leads (id) on delete cascade,
  from_status text,
  to_status text not null,
  note text not null default '',
  at bigint not null,
  user_id integer references users (id) on delete set null
);
create index lead_status_history_lead on lead_status_history (lead_id, id);

-- The options chosen on each lead. No cascade from the option: one in use cannot be deleted.
create table lead_choices (
  lead_id integer not null references leads (id) on delete cascade,
  option_id integer not null references lead_options (id),
  primary key (lead_id, option_id)
);
create index lead_choices_option on lead_choices (option_id);
