-- ADR 0118: fair background deliveries between fleets.

-- A browser's subscription belongs to one account: another account (of any fleet) posting the
-- same endpoint gets a row of its own instead of taking this one over.
ALTER TABLE push_subscription DROP CONSTRAINT push_subscription_endpoint_key;
ALTER TABLE push_subscription ADD CONSTRAINT push_subscription_account_endpoint_key
  UNIQUE (account_id, endpoint);

-- A browser whose push service keeps failing (no answer, 5xx, 429) is paused: from its 5th
-- failure in a row it is left out of the pushes until `paused_until` (1 minute doubling to an
-- hour); a push it receives closes the pause.
ALTER TABLE push_subscription ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0;
ALTER TABLE push_subscription ADD COLUMN paused_until timestamptz;

-- A message the recipient's mail server refused for good (5xx): FAILED, with the answer, on
-- its own — never retried, never holding another recipient's message back.
ALTER TABLE notification_delivery DROP CONSTRAINT notification_delivery_status_check;
ALTER TABLE notification_delivery ADD CONSTRAINT notification_delivery_status_check
  CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'DIGEST', 'DIGESTING', 'SKIPPED', 'FAILED'));
ALTER TABLE notification_delivery ADD COLUMN failure text;

-- The endpoint's circuit breaker: failed attempts in a row; from the 5th, its automatic attempts
-- wait until `paused_until`, then one attempt probes it (the others wait 30 s more); each probe
-- that fails (`breaker_trips`) doubles the pause, up to an hour. `breaker_opened_at`: when it
-- opened (the administrators are told once per opening, `breaker_mail_sent_at`).
ALTER TABLE webhook_endpoint ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoint ADD COLUMN paused_until timestamptz;
ALTER TABLE webhook_endpoint ADD COLUMN breaker_trips integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoint ADD COLUMN breaker_opened_at timestamptz;
ALTER TABLE webhook_endpoint ADD COLUMN breaker_mail_sent_at timestamptz;
-- An administrator's attempts (test, redeliver) per endpoint and minute: the limit's window.
ALTER TABLE webhook_endpoint ADD COLUMN manual_window_start timestamptz;
ALTER TABLE webhook_endpoint ADD COLUMN manual_window_count integer NOT NULL DEFAULT 0;

-- A redelivery asked for, and when an administrator's attempt was last made: a second ask while
-- one is queued, or within 10 seconds of the last, queues nothing more.
ALTER TABLE webhook_delivery ADD COLUMN manual_queued_at timestamptz;
ALTER TABLE webhook_delivery ADD COLUMN manual_attempted_at timestamptz;
