-- ADR 0125: a zone's geometry is stored as the text it was sent in (json), no longer parsed
-- into jsonb: nothing queries inside it — it is written whole and read whole (the zone index,
-- the editor, the export) — and the embedded database, which works on the API's thread, reads
-- a big zone's json about three times faster than its jsonb (written alike).
ALTER TABLE zone
  ALTER COLUMN geometry TYPE json USING geometry::json,
  ALTER COLUMN map_geometry TYPE json USING map_geometry::json;
