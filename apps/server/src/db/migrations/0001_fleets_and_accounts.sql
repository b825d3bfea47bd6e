-- Fleets, their group tree, accounts and everything of sign-in and sessions.
-- Runs unchanged on PGlite and PostgreSQL 14+ (ADR 0001).

CREATE TABLE fleet (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- DESIGN §7: warning thresholds and the CO2 factor are fleet settings
  low_vehicle_battery_percent smallint NOT NULL DEFAULT 20,
  low_module_battery_percent smallint NOT NULL DEFAULT 20,
  lack_of_communication_hours integer NOT NULL DEFAULT 168,
  co2_kg_per_km double precision NOT NULL DEFAULT 0.12,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fleet_name_key ON fleet (lower(name));

CREATE TABLE fleet_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES fleet_group (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fleet_group_name_key ON fleet_group
  (fleet_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));
CREATE INDEX fleet_group_parent_idx ON fleet_group (parent_id);

CREATE TABLE account (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  -- stored lower-cased; unique across fleets because it is the login
  email text NOT NULL,
  -- argon2id PHC string; null until the account is validated
  password_hash text,
  roles text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACTIVE')),
  full_name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  photo text,
  language text NOT NULL DEFAULT 'fr',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz,
  last_login_at timestamptz
);
CREATE UNIQUE INDEX account_email_key ON account (email);
CREATE INDEX account_fleet_idx ON account (fleet_id);

-- A session is a refresh-token family (ADR 0003). Access tokens carry its id (sid) and are
-- refused as soon as it is revoked.
CREATE TABLE auth_session (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_refreshed_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
CREATE INDEX auth_session_account_idx ON auth_session (account_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_token (
  -- SHA-256 (hex) of the opaque token; the token itself is never stored
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_session (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- set when rotated: presenting a rotated token again is reuse and revokes the family
  rotated_at timestamptz
);
CREATE INDEX refresh_token_session_idx ON refresh_token (session_id);

-- Reset-password and account-validation tokens: random, hashed, single use, short-lived.
CREATE TABLE one_time_token (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('RESET_PASSWORD', 'ACCOUNT_VALIDATION')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_token_account_idx ON one_time_token (account_id, purpose);

-- Failed sign-ins, counted over a sliding window per account and per client address.
CREATE TABLE login_failure (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('ACCOUNT', 'IP')),
  key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failure_key_idx ON login_failure (scope, key, failed_at);

-- Extra x-api-key values created with the admin CLI (API_KEYS of the environment also count).
CREATE TABLE api_key (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE user_settings (
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  application_name text NOT NULL,
  distance_unit text NOT NULL DEFAULT 'KM' CHECK (distance_unit IN ('KM', 'MI')),
  language text NOT NULL DEFAULT 'fr',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, application_name)
);

-- Application settings by language; language '*' is the fallback for any language.
CREATE TABLE application_settings (
  application_key text NOT NULL,
  language text NOT NULL,
  privacy_policy_url text NOT NULL,
  help_url text NOT NULL DEFAULT '',
  PRIMARY KEY (application_key, language)
);
