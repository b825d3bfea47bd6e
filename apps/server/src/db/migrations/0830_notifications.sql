-- ADR 0086, ADR 0087, docs/notifications.md: alert rules, the notifications they
-- deliver to users, and one delivery row per notification and outgoing channel, whose
-- idempotency key (unique) makes a retried or replayed job send nothing twice.

-- A rule: a user's own (account_id set), or fleet-wide (account_id null: every manager of the
-- fleet), set by an administrator.
CREATE TABLE notification_rule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  account_id uuid REFERENCES account (id) ON DELETE CASCADE,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  kinds text[] NOT NULL,
  bike_scope text NOT NULL CHECK (bike_scope IN ('ALL', 'GROUPS', 'BIKES')),
  group_ids uuid[] NOT NULL DEFAULT '{}',
  -- bikes by id: a renamed bike stays named; a removed one drops out at read
  bike_ids bigint[] NOT NULL DEFAULT '{}',
  channels text[] NOT NULL,
  min_severity text NOT NULL DEFAULT 'MINOR' CHECK (min_severity IN ('CRITICAL', 'MAJOR', 'MINOR')),
  -- {from, to, days, timeZone} as a zone's active hours; null: never quiet
  quiet_hours jsonb,
  always_notify text[] NOT NULL DEFAULT '{}',
  digest text NOT NULL DEFAULT 'NONE' CHECK (digest IN ('NONE', 'HOURLY', 'DAILY')),
  is_default boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX notification_rule_fleet_idx ON notification_rule (fleet_id) WHERE enabled;
CREATE INDEX notification_rule_account_idx ON notification_rule (account_id);

-- A user who unsubscribed from a fleet-wide rule's e-mails (one-click, RFC 8058); their own
-- rules lose their EMAIL channel instead.
CREATE TABLE notification_rule_unsubscribe (
  rule_id uuid NOT NULL REFERENCES notification_rule (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, account_id)
);

-- What a user was notified of: one row per user and cause (an alert opened, a command failed…),
-- however many of their rules matched.
CREATE TABLE notification (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  kind text NOT NULL,
  severity text NOT NULL,
  bike_id bigint REFERENCES bike (id) ON DELETE SET NULL,
  vehicle_number text NOT NULL,
  alert_id uuid REFERENCES alert (id) ON DELETE SET NULL,
  -- the cause: 'alert:<id>', 'command-failed:<id>', 'module-back:<bike>:<time>'
  source_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- shown in the bell (a rule with the IN_APP channel matched)
  in_app boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  UNIQUE (account_id, source_key)
);
CREATE INDEX notification_account_idx ON notification (account_id, occurred_at DESC, id)
  WHERE in_app;
CREATE INDEX notification_unread_idx ON notification (account_id) WHERE in_app AND read_at IS NULL;

-- One outgoing message of a notification (e-mail): sent once (idempotency_key), throttled or
-- held for a digest.
CREATE TABLE notification_delivery (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('EMAIL')),
  -- the rule whose unsubscribe link the message carries
  rule_id uuid REFERENCES notification_rule (id) ON DELETE SET NULL,
  -- '<source key>:<account>:<channel>'
  idempotency_key text NOT NULL UNIQUE,
  -- PENDING → SENDING → SENT; DIGEST (waiting for a digest) → DIGESTING → SENT
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'DIGEST', 'DIGESTING', 'SKIPPED')),
  -- why it waits for a digest: the rule's choice, the throttle, the quiet hours
  digest text CHECK (digest IN ('HOURLY', 'DAILY')),
  held_by text CHECK (held_by IN ('RULE', 'THROTTLE', 'QUIET_HOURS')),
  -- when the digest holding it goes out
  due_at timestamptz,
  -- the digest message it went out in
  digest_key text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_delivery_digest_idx ON notification_delivery (due_at)
  WHERE status = 'DIGEST';
CREATE INDEX notification_delivery_digesting_idx ON notification_delivery (digest_key)
  WHERE status = 'DIGESTING';
CREATE INDEX notification_delivery_sent_idx ON notification_delivery (account_id, sent_at)
  WHERE status = 'SENT';

-- The default rule of every manager (theft: in-app and e-mail), for those that exist now; new
-- managers get theirs when their account is created (modules/notifications/default-rule.ts).
INSERT INTO notification_rule (fleet_id, account_id, name, kinds, bike_scope, channels,
                               min_severity, always_notify, is_default, updated_by)
SELECT a.fleet_id, a.id, 'Vols', ARRAY['SUSPECTED_THEFT', 'REPORTED_THEFT'], 'ALL',
       ARRAY['IN_APP', 'EMAIL'], 'MINOR', ARRAY['SUSPECTED_THEFT', 'REPORTED_THEFT'], true, NULL
  FROM account a
 WHERE 'ROLE_VFM' = ANY(a.roles);
