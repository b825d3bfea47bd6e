-- docs/tasks.md "Rebalancing moves": where a move leaves its bike, a place of the task rather than
-- a sentence of its notes (notes are the people's text, in their language). Set when a manager
-- accepts a rebalancing recommendation; null for every other task.
ALTER TABLE task
  ADD COLUMN drop_off_latitude double precision,
  ADD COLUMN drop_off_longitude double precision,
  ADD CONSTRAINT task_drop_off_whole
    CHECK ((drop_off_latitude IS NULL) = (drop_off_longitude IS NULL));

-- the moves accepted before: their destination from the recommendation that made them
UPDATE task t
   SET drop_off_latitude = r.to_lat, drop_off_longitude = r.to_lon
  FROM rebalancing_recommendation r
 WHERE t.kind = 'REBALANCE' AND r.fleet_id = t.fleet_id AND t.id = ANY (r.task_ids);
