-- ADR 0119: each zone's geometry as the map draws it (contract zone-simplify.ts: at most 500
-- corners, none a map can't show), written with the zone, so that `GET zones` — read by every
-- open map of the fleet at each change — neither reads nor sends the whole geometries. NULL for
-- the zones drawn before: simplified when read, until their next change.
ALTER TABLE zone ADD COLUMN map_geometry jsonb;
