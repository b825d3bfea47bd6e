-- ADR 0094: links to one bike's live position, valid 1 hour to 7 days,
-- revocable. The token is only in the link: the row keeps its SHA-256 (a 256-bit random token
-- needs no slow hash), so a stolen database yields no working link.
CREATE TABLE position_share (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  label text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by text,
  openings integer NOT NULL DEFAULT 0,
  last_opened_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE UNIQUE INDEX position_share_token_key ON position_share (token_hash);
CREATE INDEX position_share_bike_idx ON position_share (fleet_id, bike_id, created_at DESC);

-- ADR 0096: each user's theme, LIGHT, DARK or SYSTEM (follows the device).
ALTER TABLE user_settings
  ADD COLUMN theme text NOT NULL DEFAULT 'SYSTEM' CHECK (theme IN ('LIGHT', 'DARK', 'SYSTEM'));
