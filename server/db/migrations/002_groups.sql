-- Group management: invitations, notification and service permissions, search.
-- The charity fields of groups came with 001; these guards keep the migration safe on a database
-- made before them.
alter table groups add column if not exists charity_psl_number text;
alter table groups add column if not exists is_in_verify_process boolean not null default false;
alter table groups add column if not exists is_royal_mail_discount boolean not null default false;
alter table groups add column if not exists is_os_discount boolean not null default false;
alter table groups add column if not exists charity_valid boolean;

-- One row per invitation sent; the JWT carries the jti, and the row makes it single use.
create table invites (
  jti text primary key,
  group_id integer not null references groups (id) on delete cascade,
  email text not null,
  access_level text not null check (access_level in ('owner', 'sudoowner', 'member', 'manager')),
  take_ownership boolean not null default false,
  invited_by integer references users (id) on delete set null,
  created_at bigint not null,
  expires_at bigint not null,
  used_at bigint,
  used_by integer references users (id) on delete set null
);
create index invites_group on invites (group_id);

-- Spec section 3, Permission. admin: shown as staff roles; is_notification: privacy settings;
-- is_service: enabled per user, group and token. def is the setting of a user who never chose.
create table permissions (
  id serial primary key,
  ref_id text not null unique,
  name text not null,
  description text not null default '',
  parent_id integer references permissions (id) on delete cascade,
  admin boolean not null default false,
  is_notification boolean not null default false,
  is_service boolean not null default false,
  def boolean not null default false,
  display_order integer not null default 0
);

create table user_permissions (
  user_id integer not null references users (id) on delete cascade,
  permission_id integer not null references permissions (id) on delete cascade,
  enabled boolean not null,
  update_timestamp bigint not null,
  primary key (user_id, permission_id)
);

-- The data-quality services a user can be allowed to call for a group (and optionally one token).
create table services (
  id serial primary key,
  name text not null unique,
  description text not null default '',
  display_order integer not null default 0
);

create table user_services (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  service_id integer not null references services (id) on delete cascade,
  -- The token the permission is limited to; null for every token. (The tokens table comes later.)
  token_id integer,
  create_timestamp bigint not null
);
create unique index user_services_unique on user_services (group_id, user_id, service_id, coalesce(token_id, 0));
create index user_services_user on user_services (user_id);

insert into services (name, description, display_order) values
  ('address', 'Address lookup', 1),
  ('email', 'Email validation', 2),
  ('bankcode', 'Payment (bank code) validation', 3),
  ('name', 'Name validation', 4),
  ('cleanse', 'Address cleanse', 5);

insert into permissions (ref_id, name, description, admin, display_order) values
  ('role.super', 'Super', 'Creates new accounts and administers lead forms, datasets, plans and costs', true, 1),
  ('role.admin', 'Admin', 'Administers datasets, plans and address cleanse costs', true, 2),
  ('role.sales', 'Sales', 'Searches accounts and opens owner pages without owning the account', true, 3);

insert into permissions (ref_id, name, description, is_notification, def, display_order) values
  ('notify.marketing', 'Marketing emails', 'News about our products and offers', true, false, 10),
  ('notify.product', 'Product updates', 'Changes to the services you use', true, true, 11),
  ('notify.usage', 'Usage alerts', 'Emails about the usage of your plans', true, true, 20);

insert into permissions (ref_id, name, description, parent_id, is_notification, def, display_order)
select v.ref_id, v.name, v.description, p.id, true, true, v.display_order
  from (values
    ('notify.usage.lowbalance', 'Low click balance', 'When a plan is running out of clicks', 21),
    ('notify.usage.renewal', 'Renewal reminders', 'Before a plan renews or expires', 22)
  ) as v (ref_id, name, description, display_order)
  join permissions p on p.ref_id = 'notify.usage';

insert into permissions (ref_id, name, description, is_service, def, display_order)
select 'service.' || name, description, 'Use of the ' || description || ' service', true, true, 30 + display_order
  from services;
