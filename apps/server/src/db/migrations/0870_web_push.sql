-- ADR 0098, docs/notifications.md "Web push": the server's VAPID key pair, the
-- browsers' push subscriptions, and the PUSH channel of the deliveries.

-- The VAPID key pair when the environment gives none: generated once by the first process that
-- needs it (ON CONFLICT: the others read that one), so a restart keeps the subscriptions valid.
-- The private key is sealed (lib/secret-box.ts): a dump of the database alone does not reveal it.
CREATE TABLE vapid_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A browser of a user that accepted push (PushManager.subscribe): one row per push endpoint.
-- The same browser signed in as someone else moves the row to that user.
CREATE TABLE push_subscription (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscription_account_idx ON push_subscription (account_id);

-- A push delivery goes to every subscription of the user; the ones already sent are kept, so a
-- retried job (a push service down for one browser) sends nothing twice to the others.
CREATE TABLE push_delivery_sent (
  delivery_id uuid NOT NULL REFERENCES notification_delivery (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES push_subscription (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (delivery_id, subscription_id)
);

ALTER TABLE notification_delivery DROP CONSTRAINT notification_delivery_channel_check;
ALTER TABLE notification_delivery ADD CONSTRAINT notification_delivery_channel_check
  CHECK (channel IN ('EMAIL', 'PUSH'));
