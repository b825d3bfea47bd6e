-- Notification channels as plug-ins (ADR 0124): an account's phone number (E.164, validated by
-- the contract; the SMS channel's "what a recipient needs"), and the SMS deliveries.
ALTER TABLE account ADD COLUMN phone text;

ALTER TABLE notification_delivery DROP CONSTRAINT notification_delivery_channel_check;
ALTER TABLE notification_delivery ADD CONSTRAINT notification_delivery_channel_check
  CHECK (channel IN ('EMAIL', 'PUSH', 'SMS'));
