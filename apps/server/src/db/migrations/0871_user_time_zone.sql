-- ADR 0099: each user's time zone (IANA), for the daily digest sent at 07:00 in
-- it and the times written in their notifications; null: not chosen (the zone of the rule's
-- quiet hours, else Europe/Paris).
ALTER TABLE user_settings ADD COLUMN time_zone text;
