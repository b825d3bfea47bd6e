-- Issue 23 §3: how long a bike may stand in a no-parking zone before its alert opens is the
-- fleet's setting (it was the constant NO_PARKING_GRACE_MINUTES, 15, still the default).
ALTER TABLE fleet ADD COLUMN no_parking_grace_minutes integer NOT NULL DEFAULT 15
  CHECK (no_parking_grace_minutes BETWEEN 1 AND 1440);
