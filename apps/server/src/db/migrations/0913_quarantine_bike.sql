-- ADR 0120: the bike that carried the module when its message was quarantined. A retry writes
-- only into that bike, of the quarantine's fleet: a module moved since (to another bike or to
-- another fleet) is refused (409), never written into whichever bike carries it now. No foreign
-- key: a bike removed meanwhile keeps its id here, and the retry is refused as moved. Null for
-- a module no bike carried, and for the rows kept before this column (only their fleet is
-- checked).
ALTER TABLE ingest_quarantine ADD COLUMN bike_id bigint;
