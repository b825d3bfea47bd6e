-- docs/zones.md: how long a bike may stand in a no-parking zone before its alert opens is the
-- fleet's setting (it was the constant NO_PARKING_GRACE_MINUTES, 15, still the default).
ALTER TABLE fleet ADD COLUMN no_parking_grace_minutes integer NOT NULL DEFAULT 15
  CHECK (no_parking_grace_minutes BETWEEN 1 AND 1440);

-- docs/zones.md: automatic commands, opt-in per zone. A service area's sends ALARM on when a bike
-- leaves the service area; a no-ride zone's locks the assistance inside and unlocks it outside;
-- a slow zone's sends its maximum speed inside and 0 (no limit) outside (SPEED_LIMIT, a
-- protocol extension: docs/mqtt.md). `zone_commands` keeps on the bike what the zones imposed
-- ({lock: {id, name}, speed: {id, name, kmh}}), so each is undone once, by the zones only.
ALTER TABLE zone ADD COLUMN auto_commands boolean NOT NULL DEFAULT false;
ALTER TABLE zone ADD CONSTRAINT zone_auto_commands_type
  CHECK (NOT auto_commands OR type IN ('SERVICE_AREA', 'NO_RIDE', 'SLOW'));
ALTER TABLE bike ADD COLUMN zone_commands jsonb;
ALTER TABLE bike ADD COLUMN speed_limit_pending boolean NOT NULL DEFAULT false;

ALTER TABLE command DROP CONSTRAINT command_type_check;
ALTER TABLE command ADD CONSTRAINT command_type_check
  CHECK (type IN ('LOCK_CONTROL', 'ALARM', 'MODE', 'SPEED_LIMIT'));

-- the command events of a zone's automatic commands have the zone as their source
ALTER TABLE event DROP CONSTRAINT event_source_check;
ALTER TABLE event ADD CONSTRAINT event_source_check
  CHECK (source IN ('MODULE', 'RIDER', 'MANAGER', 'ZONE'));

-- docs/zones.md: every position placed in its zones — the zones (of every type) a bike stands in
-- by its last position, kept by the same placement; the fleet list filters by it (zoneId).
ALTER TABLE bike ADD COLUMN zone_ids uuid[];
