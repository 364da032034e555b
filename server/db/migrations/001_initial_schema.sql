-- Every entity of spec §3: companies, users and profiles, user roles, invites, project sites,
-- SWMS, check-ins and files, plus the sign-in records and the development mailbox.

CREATE TABLE files (
  id uuid PRIMARY KEY,
  file_key text NOT NULL UNIQUE,
  friendly_name text NOT NULL,
  type text NOT NULL CHECK (type IN ('photo', 'companyProfile', 'siteSafetyPlan', 'termsConditions')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE companies (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  abn text NOT NULL,
  builders_reg_number text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  postal_address text NOT NULL,
  image_file_id uuid REFERENCES files(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX companies_abn_live ON companies (abn) WHERE deleted_at IS NULL;
CREATE INDEX companies_name ON companies (lower(name));
CREATE INDEX companies_created ON companies (created_at DESC);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  emergency_contact_name text NOT NULL DEFAULT '',
  emergency_contact_phone text NOT NULL DEFAULT '',
  trade_qualifications text NOT NULL DEFAULT '',
  whitecard_number text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

CREATE TABLE identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);

-- A user's role in the platform or in one company; an invited role is pending until accepted.
CREATE TABLE user_roles (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  company_id uuid REFERENCES companies(id),
  role text NOT NULL CHECK (role IN ('SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'TradesPerson')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz
);
CREATE INDEX user_roles_user ON user_roles (user_id);
CREATE INDEX user_roles_company ON user_roles (company_id, role, status);

CREATE TABLE invites (
  id uuid PRIMARY KEY,
  user_role_id uuid NOT NULL REFERENCES user_roles(id),
  code_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  invited_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  voided_at timestamptz
);
CREATE INDEX invites_user_role ON invites (user_role_id);

CREATE TABLE project_sites (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id),
  address text NOT NULL,
  suburb text NOT NULL,
  postcode text NOT NULL,
  site_number text NOT NULL,
  client_name text NOT NULL,
  supervisor_role_id uuid REFERENCES user_roles(id),
  site_safety_plan_file_id uuid REFERENCES files(id),
  ppe text[] NOT NULL DEFAULT '{}',
  other_ppe text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'ongoing' CHECK (status IN ('ongoing', 'on_hold', 'completed', 'cancelled')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_sites_company ON project_sites (company_id, status, created_at DESC);

CREATE TABLE swms (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id),
  site_id uuid NOT NULL REFERENCES project_sites(id),
  created_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  high_risk_work text[] NOT NULL DEFAULT '{}',
  risk_consequence_level smallint NOT NULL CHECK (risk_consequence_level BETWEEN 1 AND 5),
  risk_likelihood_level smallint NOT NULL CHECK (risk_likelihood_level BETWEEN 1 AND 5),
  risk_overall_level smallint NOT NULL,
  task_description text NOT NULL,
  mobile_plant_tools text NOT NULL DEFAULT '',
  risk_text text NOT NULL DEFAULT '',
  risk_photo_file_id uuid REFERENCES files(id),
  control_text text NOT NULL DEFAULT '',
  control_photo_file_id uuid REFERENCES files(id),
  ppe text[] NOT NULL DEFAULT '{}',
  other_ppe text NOT NULL DEFAULT '',
  company_admin_reviewed_at timestamptz,
  company_admin_reviewed_by uuid REFERENCES users(id),
  supervisor_reviewed_at timestamptz,
  supervisor_reviewed_by uuid REFERENCES users(id)
);
CREATE INDEX swms_company_created ON swms (company_id, created_at DESC);
CREATE INDEX swms_site ON swms (site_id, created_at DESC);

CREATE TABLE check_ins (
  id uuid PRIMARY KEY,
  site_id uuid NOT NULL REFERENCES project_sites(id),
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_ins_site ON check_ins (site_id, created_at DESC);

-- One-time codes the sign-in callback hands to the SPA, exchanged at auth/token.
CREATE TABLE auth_codes (
  code_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  family uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);

CREATE TABLE mailbox (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Who did what, when: read by auditors.
CREATE TABLE audit_events (
  id uuid PRIMARY KEY,
  actor_user_id uuid REFERENCES users(id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id uuid,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_entity ON audit_events (entity, entity_id, created_at);
